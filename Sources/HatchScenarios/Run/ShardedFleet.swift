import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchFleetProbes
import HatchMosquittoBroker
import HatchMQTT
import HatchScenarioFile
import Synchronization

/// A scenario's fleet in `fleet.shards` processes of `hatchctl fleet run --shard I/N`: the engine
/// starts them on its broker with the clock it keeps, reaches them over `hatch/fleet/control` (status,
/// faults on the shard that holds each device, every clock change) and follows their request and event
/// logs, so that the ledgers and the recorder see what an in-process fleet would tell them.
final class ShardedFleet: Sendable {
    /// What the shards are started with.
    struct Setup: Sendable {
        var launcher: ShardLauncher
        var count: Int
        var broker: MQTTBrokerURL
        /// The devices' logins (`broker config`'s `credentials.json`), `nil` for an anonymous broker.
        var credentialsFile: URL?
        /// The controller's login, for the control channel.
        var controller: MQTTCredentials?
        var keepAlive: Int
        var connectConcurrency: Int
        var shadowServiceApart: Bool
        var run: String
    }

    private let setup: Setup
    private let recorder: ScenarioRecorder
    private let ledgers: LedgerRouter
    private let clock: SimulationClock
    private let folder: URL
    private let fleetFile: URL
    private let children = Mutex<[ChildProcess]>([])
    private let control: MQTTSession
    private let replies = Mutex<[String: [JSONValue]]>([:])
    private let messageCounts = Mutex<[String: Int]>([:])
    /// Each shard's devices online, as it last answered, and when the answer came.
    private let onlineCounts = Mutex<[String: (online: Int, at: ContinuousClock.Instant)]>([:])
    private let followers = Mutex<[Task<Void, Never>]>([])
    private let requestLogs: [LogTail]
    private let eventLogs: [LogTail]
    /// Held while the logs are read, so that their lines reach the ledgers and the recorder in order.
    private let reading = Mutex<Void>(())
    /// The shard (0-based) of each device, by MAC address, as `FleetDefinition.shard(_:of:)` deals them.
    private let shardOfDevice: [String: Int]

    /// Prepares the shards' folder and fleet file; starts nothing.
    init(setup: Setup, plan: ScenarioPlan, clock: SimulationClock, recorder: ScenarioRecorder, ledgers: LedgerRouter) throws(ScenarioRunError) {
        self.setup = setup
        self.recorder = recorder
        self.ledgers = ledgers
        self.clock = clock
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-scenario-shards-\(setup.run)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if let generated = plan.generatedFleetFile {
                fleetFile = folder.appendingPathComponent("fleet.yaml")
                try Data(generated.utf8).write(to: fleetFile)
            } else if let file = plan.fleetFile {
                fleetFile = file
            } else {
                throw ScenarioRunError.shardsNeedFleetFile
            }
            for shard in 1...setup.count {
                try FileManager.default.createDirectory(at: Self.shardFolder(shard, in: folder), withIntermediateDirectories: true)
            }
        } catch let error as ScenarioRunError {
            try? FileManager.default.removeItem(at: folder)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw .shardsCannotStart("cannot prepare \(folder.path): \(error)")
        }
        let shardFolders = (1...setup.count).map { [folder] in Self.shardFolder($0, in: folder) }
        requestLogs = shardFolders.map { LogTail(url: $0.appendingPathComponent("requests.log")) }
        eventLogs = shardFolders.map { LogTail(url: $0.appendingPathComponent("events.log")) }
        shardOfDevice = Dictionary(uniqueKeysWithValues: plan.definition.devices.enumerated().map { ($1.profile.macAddress.rawValue, $0 % setup.count) })
        control = MQTTSession(configuration: MQTTConfiguration(
            broker: setup.broker, clientID: "hatch-scenario-shards-\(setup.run)", keepAlive: .seconds(setup.keepAlive), credentials: setup.controller,
            reconnect: MQTTReconnectPolicy(initialDelay: .milliseconds(100), maximumDelay: .seconds(2))))
    }

    private static func shardFolder(_ shard: Int, in folder: URL) -> URL {
        folder.appendingPathComponent("shard-\(shard)", isDirectory: true)
    }

    /// The instance name `fleet run --shard I/N` gives itself.
    private func instance(_ shard: Int) -> String { "shard-\(shard)of\(setup.count)" }

    /// Starts the control channel and the log followers, which feed the ledgers and the recorder until ``stop()``.
    func prepare() async throws {
        try await control.connect()
        let answers = try await control.subscribe(Topics.fleetControlReply, qos: .atLeastOnce)
        followers.withLock { tasks in
            tasks.append(Task { [weak self] in
                for await message in answers {
                    guard let self else { return }
                    guard let reply = try? JSONValue(data: message.payload), let token = reply["clientToken"]?.stringValue else { continue }
                    if let instance = reply["instance"]?.stringValue, let status = reply["status"],
                       let received = status["messagesIn"]?.intValue, let sent = status["messagesOut"]?.intValue {
                        messageCounts.withLock { $0[instance] = received + sent }
                        if let online = status["online"]?.intValue { onlineCounts.withLock { $0[instance] = (online, .now) } }
                    }
                    if token != self.statusToken { replies.withLock { $0[token, default: []].append(reply) } }
                }
            })
            tasks.append(Task { [weak self] in
                while !Task.isCancelled {
                    self?.catchUp()
                    try? await Task.sleep(for: .milliseconds(100))
                }
            })
        }
    }

    /// Reads what the shards logged so far into the ledgers and the recorder. A shard logs a request
    /// before the device replies, so after a reply came every application it reports is read.
    func catchUp() {
        reading.withLock { _ in
            for log in requestLogs {
                for line in log.newLines() { if let entry = RequestLog.parse(line) { ledgers.deviceHandled(entry.request) } }
            }
            for log in eventLogs {
                for line in log.newLines() { if let entry = EngineEventLog.parse(line) { recorder.engineEvent(entry.thing, entry.event, at: entry.at) } }
            }
        }
    }

    /// Starts the shard processes, which connect their devices at once (`connectRate` devices per
    /// second in all, when given), and returns when every shard answers on the control channel with
    /// the engine's clock.
    func start(connectRate: Double?, timeout: Duration = .seconds(60)) async throws {
        let reading = clock.reading
        for shard in 1...setup.count {
            let child = ChildProcess()
            children.withLock { $0.append(child) }
            let shardFolder = Self.shardFolder(shard, in: folder)
            var arguments = [
                "fleet", "run", "--devices", fleetFile.path, "--shard", "\(shard)/\(setup.count)", "--broker", setup.broker.description,
                "--in-memory", "--keep-alive", String(setup.keepAlive), "--connect-concurrency", String(max(1, setup.connectConcurrency / setup.count)),
                "--request-log", shardFolder.appendingPathComponent("requests.log").path,
                "--event-log", shardFolder.appendingPathComponent("events.log").path,
                // A paused clock starts running and is paused by the clock setting sent once the shard answers.
                "--speed", String(reading.speed > 0 ? reading.speed : 1), "--start-time", ISO8601DateFormatter().string(from: reading.time),
                "--clock-origin", String(reading.at.timeIntervalSince1970), "--log-level", "warning",
            ]
            if let connectRate { arguments += ["--connect-rate", String(connectRate / Double(setup.count))] }
            if let credentials = setup.credentialsFile { arguments += ["--credentials", credentials.path] }
            if setup.shadowServiceApart { arguments += ["--shadow-service", "external"] }
            try launch(child, arguments: arguments, home: shardFolder)
        }
        let deadline = ContinuousClock.now + timeout
        var waiting = Set(1...setup.count)
        while !waiting.isEmpty {
            if let exited = exitedShard() { throw exited }
            guard ContinuousClock.now < deadline else {
                throw ScenarioRunError.shardsCannotStart("shard(s) \(waiting.sorted().map(String.init).joined(separator: ", ")) did not answer "
                    + "on \(Topics.fleetControl) within \(timeout); see \(folder.path)")
            }
            for shard in waiting {
                if let reply = await request(["status": true], instance: instance(shard), timeout: .seconds(2)).first, reply["ok"]?.boolValue == true {
                    waiting.remove(shard)
                }
            }
        }
        await setClock()
    }

    private func launch(_ child: ChildProcess, arguments: [String], home: URL) throws {
        do {
            try child.runHatchctl(setup.launcher.executable, arguments, home: home, environment: setup.launcher.environment,
                                  output: home.appendingPathComponent("output.log"))
        } catch {
            throw ScenarioRunError.shardsCannotStart("cannot run \(setup.launcher.executable.path): \(error)")
        }
    }

    /// The error for a shard process that ended, with the end of its output.
    private func exitedShard() -> ScenarioRunError? {
        let children = children.withLock { $0 }
        guard let index = children.firstIndex(where: { !$0.isRunning }) else { return nil }
        let output = Self.shardFolder(index + 1, in: folder).appendingPathComponent("output.log")
        let last = (try? String(contentsOf: output, encoding: .utf8))?.split(separator: "\n").suffix(5).joined(separator: "\n") ?? ""
        return .shardsCannotStart("shard \(index + 1) exited with status \(children[index].terminationStatus): \(last)")
    }

    /// Sends `body` on the control channel (to one instance, or all) and returns the replies that came
    /// within `timeout` (it returns as soon as every addressed shard answered).
    func request(_ body: JSONObject, instance: String? = nil, timeout: Duration = .seconds(10)) async -> [JSONValue] {
        let token = "\(setup.run)-\(UUID().uuidString.prefix(8))"
        var payload = body
        payload["clientToken"] = .string(token)
        if let instance { payload["instance"] = .string(instance) }
        let expected = instance == nil ? setup.count : 1
        guard (try? await control.publish(Topics.fleetControl, payload: JSONValue.object(payload).jsonData, qos: .atLeastOnce)) != nil else { return [] }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, replies.withLock({ $0[token]?.count ?? 0 }) < expected {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return replies.withLock { $0.removeValue(forKey: token) ?? [] }
    }

    /// Gives every shard the engine's clock as it reads now.
    func setClock() async {
        let reading = clock.reading
        let setting = FleetControlCommand.ClockSetting(time: reading.time, speed: reading.speed, at: reading.at)
        _ = await request(["clock": setting.jsonValue])
    }

    /// Injects `kind` into `devices` (MAC addresses), each on the shard that runs it; returns the devices hit.
    func inject(_ kind: FaultKind, devices: [String]) async -> Int {
        let byShard = Dictionary(grouping: devices) { shardOfDevice[$0] ?? 0 }
        var hit = 0
        await withTaskGroup(of: Int.self) { group in
            for (shard, macs) in byShard {
                let body = FaultInjection(kind: kind, target: .devices(macs)).jsonValue.objectValue ?? [:]
                group.addTask {
                    let reply = await self.request(body, instance: self.instance(shard + 1)).first
                    return reply?["devices"]?.arrayValue?.count ?? 0
                }
            }
            for await count in group { hit += count }
        }
        return hit
    }

    /// The token of the status requests whose answers only update ``messages``.
    private var statusToken: String { "\(setup.run)-status" }

    /// Asks every shard for its status without waiting: the answers update ``messages`` as they come.
    func refreshStatus() async {
        let payload: JSONObject = ["status": true, "clientToken": .string(statusToken)]
        _ = try? await control.publish(Topics.fleetControl, payload: JSONValue.object(payload).jsonData, qos: .atMostOnce)
    }

    /// Messages the shards' devices received and published, as of their last status.
    var messages: Int {
        messageCounts.withLock { $0.values.reduce(0, +) }
    }

    /// The devices online as the shards answered since `since`: each shard counts its own connected
    /// devices; a shard that has not answered since then (its broker down, or itself) counts none.
    func online(answeredSince since: ContinuousClock.Instant) -> Int {
        onlineCounts.withLock { $0.values.reduce(0) { $0 + ($1.at >= since ? $1.online : 0) } }
    }

    /// The devices online as the shards answered in the last 3 s (they are asked every sample).
    var online: Int { online(answeredSince: .now - .seconds(3)) }

    /// The shard processes' resident memory in all.
    var residentMemoryBytes: Int {
        children.withLock { $0 }.reduce(0) { $0 + (ProcessResources.residentMemoryBytes(of: $1.processIdentifier) ?? 0) }
    }

    /// Stops the shards cleanly (SIGINT: offline presence, logs flushed), reads their logs to the end,
    /// closes the control channel and removes the shards' folder.
    func stop() async {
        let children = children.withLock { $0 }
        await withTaskGroup(of: Void.self) { group in
            for child in children where child.isRunning { group.addTask { await child.stop(with: SIGINT, grace: .seconds(20)) } }
        }
        followers.withLock { $0 }.forEach { $0.cancel() }
        catchUp()
        await control.disconnect()
        try? FileManager.default.removeItem(at: folder)
    }
}

import Foundation
import HatchDeviceModel
import HatchMQTT
import HatchSeededRandom
import Logging
import Synchronization

/// A fleet of simulated devices in one process, each with its own MQTT connection and last will.
///
/// ```swift
/// let fleet = try Fleet(configuration: FleetConfiguration(definition: definition, broker: broker, clock: clock))
/// try await fleet.start { progress in print(progress.connected, "/", progress.total) }
/// print(fleet.status().summary)
/// await fleet.inject(FaultInjection(kind: .reboot, target: .devices(["Nursery"])))
/// await fleet.stop()            // clean offline presence, state saved
/// ```
public final class Fleet: Sendable {
    /// The configuration it was created with.
    public let configuration: FleetConfiguration
    /// The devices, in fleet-file order.
    public let devices: [SimulatedDevice]
    /// Shared counters.
    public let statistics = FleetStatistics()
    /// Fault injections and connection changes, as they happen.
    public let events: AsyncStream<FleetEvent>

    private let eventContinuation: AsyncStream<FleetEvent>.Continuation
    private let devicesByThing: [String: SimulatedDevice]
    /// When each device is next due, by position in ``devices`` (what the scheduler scans).
    private let dueTimes: DueTimes
    private let eventLoop: MQTTEventLoop
    private let tasks = Mutex<[Task<Void, Never>]>([])
    private let serviceSession = Mutex<MQTTSession?>(nil)
    private let lastSample = Mutex<(time: Date, messages: Int)>((Date(), 0))
    private let running = Mutex(false)
    /// Whether the scheduler leaves due devices alone (`holdTicks(_:)`).
    private let ticksHeld = Atomic<Bool>(false)
    /// Passes over the devices each scheduler worker has finished.
    private let workerPasses = Mutex<[Int]>([])

    /// Creates the devices (loading saved state from the state folder); nothing connects yet.
    public init(configuration: FleetConfiguration, eventLoop: MQTTEventLoop = .shared) throws(FleetError) {
        let missing = configuration.credentials.missingDevices(configuration.definition.devices.map(\.profile.thingName))
        if !missing.isEmpty { throw .missingCredentials(missing.map(\.rawValue)) }
        self.configuration = configuration
        self.eventLoop = eventLoop
        (events, eventContinuation) = AsyncStream.makeStream(of: FleetEvent.self, bufferingPolicy: .bufferingNewest(1000))
        var store: DeviceStateStore?
        if let directory = configuration.stateDirectory {
            do {
                store = try DeviceStateStore(directory: directory)
            } catch {
                throw .stateFolder(error)
            }
        }
        if let removed = store?.removedTemporaryFiles, !removed.isEmpty {
            eventContinuation.yield(FleetEvent(thing: nil, message: "state folder: removed \(removed.count) temporary file(s) of an interrupted save"))
        }
        let continuation = eventContinuation
        let sources = SourceAddressRotation(configuration.sourceAddresses)
        var deviceDependencies = SimulatedDevice.Dependencies(
            clock: configuration.clock, makeSession: { MQTTSession(configuration: sources.assign($0), eventLoop: eventLoop) },
            broker: configuration.broker, statistics: statistics, log: { continuation.yield($0) }, store: store,
            credentials: configuration.credentials, telemetry: configuration.telemetry, keepAlive: configuration.keepAlive,
            requestObserver: configuration.requestObserver, shadowService: configuration.shadowService)
        deviceDependencies.engineEventObserver = configuration.engineEventObserver
        let dependencies = SimulatedDevice.SharedDependencies(deviceDependencies)
        var devices: [SimulatedDevice] = []
        devices.reserveCapacity(configuration.definition.devices.count)
        let dueTimes = DueTimes(count: configuration.definition.devices.count)
        self.dueTimes = dueTimes
        for (slot, spec) in configuration.definition.devices.enumerated() {
            do {
                devices.append(try SimulatedDevice(sharing: dependencies, spec: spec, dueTimes: dueTimes, slot: slot))
            } catch {
                throw .stateFolder(error)
            }
        }
        self.devices = devices
        devicesByThing = Dictionary(devices.map { ($0.thingName.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Connects every device (`connectConcurrency` at a time), reporting progress, then starts the
    /// scheduler, the control topic and the faults scheduled in the fleet file. Devices that fail
    /// to connect are logged and retried in the background; throws only when none connects.
    public func start(progress: @escaping @Sendable (FleetProgress) -> Void = { _ in }) async throws(FleetError) {
        let alreadyRunning = running.withLock { running in
            defer { running = true }
            return running
        }
        if alreadyRunning { throw .alreadyStarted }
        let total = devices.count
        var connected = 0
        var failed: [(SimulatedDevice, String)] = []
        progress(FleetProgress(connected: 0, failed: 0, total: total))
        let pace = configuration.connectRate.map { Duration.seconds(1 / max(0.001, $0)) }
        let began = ContinuousClock.now
        await withTaskGroup(of: (SimulatedDevice, String?).self) { group in
            var iterator = devices.makeIterator()
            var begun = 0
            func addNext() async -> Bool {
                guard let device = iterator.next() else { return false }
                if let pace {
                    try? await Task.sleep(until: began + pace * begun)
                    begun += 1
                }
                group.addTask {
                    do {
                        try await device.connect()
                        return (device, nil)
                    } catch {
                        return (device, String(describing: error))
                    }
                }
                return true
            }
            for _ in 0..<max(1, configuration.connectConcurrency) where await !addNext() { break }
            for await (device, error) in group {
                if let error { failed.append((device, error)) } else { connected += 1 }
                if (connected + failed.count) % 100 == 0 || connected + failed.count == total {
                    progress(FleetProgress(connected: connected, failed: failed.count, total: total))
                }
                _ = await addNext()
            }
        }
        if connected == 0, let first = failed.first {
            running.withLock { $0 = false }
            throw .noDeviceConnected(first.1)
        }
        for (device, error) in failed {
            note(.warning, "could not connect (\(error)); retrying", thing: device.thingName, device.logMetadata)
            Task { await device.inject(.dropConnection(reconnectAfter: 2)) }
        }
        lastSample.withLock { $0 = (Date(), totalMessages) }
        // The fleet's own session first: it is one connect, while the devices' routines at a high
        // clock speed keep every core busy once they run.
        await startService()
        var started: [Task<Void, Never>] = [Task { [weak self] in await self?.runScheduler() }]
        for fault in configuration.definition.faults {
            started.append(Task { [weak self] in
                try? await Task.sleep(for: .milliseconds(Int((fault.after ?? 0) * 1000)))
                await self?.inject(fault)
            })
        }
        tasks.withLock { $0 += started }
    }

    /// Stops the fleet: every device reports `connected: false`, publishes offline presence
    /// (reason `shutdown`) and disconnects cleanly; state is saved.
    public func stop() async {
        let pending = tasks.withLock { tasks in
            defer { tasks = [] }
            return tasks
        }
        pending.forEach { $0.cancel() }
        await withTaskGroup(of: Void.self) { group in
            var iterator = devices.makeIterator()
            for _ in 0..<max(1, configuration.connectConcurrency) {
                guard let device = iterator.next() else { break }
                group.addTask { await device.disconnect(reason: "shutdown") }
            }
            for await _ in group {
                if let device = iterator.next() { group.addTask { await device.disconnect(reason: "shutdown") } }
            }
        }
        if let control = serviceSession.withLock({ session in defer { session = nil }; return session }) {
            await control.disconnect()
        }
        running.withLock { $0 = false }
        note(.debug, "fleet stopped")
    }

    /// An event worth both a log line and the event stream (`hatch/fleet/events`).
    private func note(_ level: Logger.Level, _ message: String, thing: ThingName? = nil, _ metadata: Logger.Metadata = [:]) {
        configuration.telemetry.logger.log(level: level, "\(message)", metadata: metadata)
        eventContinuation.yield(FleetEvent(thing: thing, message: message))
    }

    /// How many devices each fault is active on now (connection faults until the device is back).
    public func activeFaults() async -> [String: Int] {
        var counts: [String: Int] = [:]
        let now = Date()
        for device in devices {
            for name in await device.activeFaults(realNow: now) { counts[name, default: 0] += 1 }
        }
        return counts
    }

    /// Injects a fault into its target devices and returns their thing names.
    @discardableResult
    public func inject(_ fault: FaultInjection) async -> [ThingName] {
        let targets = resolve(fault.target)
        note(.notice, "injecting \(fault.kind.name) into \(targets.count) device(s)", ["fault": "\(fault.kind.name)", "devices": "\(targets.count)"])
        await withTaskGroup(of: Void.self) { group in
            for device in targets { group.addTask { await device.inject(fault.kind) } }
        }
        switch fault.kind {
        case .dropConnection, .offline, .reboot: await publishLifecycle(for: targets)
        default: break
        }
        return targets.map(\.thingName)
    }

    /// After an abrupt drop the broker's last will says "offline" but cannot say since when. Like the
    /// lifecycle events AWS IoT publishes for a lost connection, the fleet then republishes the retained
    /// presence of each device still offline with the time it went away, so any client can show it.
    private func publishLifecycle(for devices: [SimulatedDevice]) async {
        guard let session = serviceSession.withLock({ $0 }) else { return }
        let droppedAt = Int(configuration.clock.now.timeIntervalSince1970)
        try? await Task.sleep(for: .milliseconds(200))  // let the broker publish the will first
        for device in devices where await !device.isOnline {
            let record = PresenceRecord(state: .offline, thingName: device.thingName, reason: "connectionLost", timestamp: droppedAt)
            if (try? await session.publish(Topics.presence(device.thingName), payload: record.jsonValue.jsonData, qos: .atLeastOnce, retain: true)) != nil {
                statistics.published.add(.presence)
            }
        }
    }

    /// The devices a target names (by name, MAC or thing name; or a seeded share; or all).
    public func resolve(_ target: FaultInjection.Target) -> [SimulatedDevice] {
        switch target {
        case .all:
            return devices
        case .devices(let names):
            let wanted = Set(names.map { $0.lowercased() })
            let macs = Set(names.compactMap { try? MacAddress(validating: $0) })
            return devices.filter {
                wanted.contains($0.spec.profile.name.lowercased()) || wanted.contains($0.thingName.rawValue.lowercased())
                    || macs.contains($0.spec.profile.macAddress)
            }
        case .share(let share, let seed):
            var random = SeededRandom(seed: seed)
            let count = Int((Double(devices.count) * share).rounded())
            var indices = Array(devices.indices)
            indices.shuffle(using: &random)
            return indices.prefix(count).sorted().map { devices[$0] }
        }
    }

    /// The device with this name, MAC or thing name.
    public func device(_ name: String) -> SimulatedDevice? { resolve(.devices([name])).first }

    /// A status snapshot; messages per second are measured since the previous call.
    public func status() -> FleetStatus {
        let now = Date()
        let total = totalMessages
        let rate = lastSample.withLock { sample -> Double in
            let elapsed = now.timeIntervalSince(sample.time)
            let rate = elapsed > 0 ? Double(total - sample.messages) / elapsed : 0
            sample = (now, total)
            return rate
        }
        return FleetStatus(devices: devices.count, online: statistics.online.load(ordering: .relaxed),
                           messagesIn: statistics.messagesIn, messagesOut: statistics.messagesOut,
                           messagesPerSecond: rate, faults: statistics.faults.load(ordering: .relaxed),
                           publishFailures: statistics.publishFailures.load(ordering: .relaxed), simulatedTime: configuration.clock.now)
    }

    /// Saves every device's state now.
    public func save() async {
        for device in devices { await device.save() }
    }

    private var totalMessages: Int {
        statistics.messagesIn + statistics.messagesOut
    }

    /// Ticks every device whose next event is due, every `tickInterval` of real time, with
    /// `schedulerWorkers` workers each taking every n-th device.
    private func runScheduler() async {
        let clock = configuration.clock
        let workers = max(1, min(Self.schedulerWorkers, devices.count))
        let devices = self.devices
        let dueTimes = self.dueTimes
        let interval = configuration.tickInterval
        workerPasses.withLock { $0 = Array(repeating: 0, count: workers) }
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    while !Task.isCancelled {
                        let now = clock.now
                        for index in stride(from: worker, to: devices.count, by: workers) where dueTimes.isDue(index, at: now) {
                            if self.ticksHeld.load(ordering: .relaxed) { break }
                            await devices[index].tick()
                        }
                        self.workerPasses.withLock { $0[worker] += 1 }
                        try? await Task.sleep(for: interval)
                    }
                }
            }
        }
    }

    /// The passes over the devices that every scheduler worker has finished: once it has grown by two
    /// since a moment, every worker has looked at the simulated clock (and at `holdTicks(_:)`) after it.
    package var completedSchedulerPasses: Int {
        workerPasses.withLock { $0.min() ?? 0 }
    }

    /// Stops (`true`) or resumes the devices' ticks while their connections stay up: simulated time
    /// goes on, and each device catches up at its first tick after. Benchmarks hold ticks to let the
    /// broker read what the devices wrote before they count it.
    package func holdTicks(_ hold: Bool) {
        ticksHeld.store(hold, ordering: .relaxed)
    }

    /// Concurrent scheduler workers.
    static let schedulerWorkers = 8

    /// Connects the fleet's own session: it answers shadow requests for devices that are away and
    /// requests to their named shadows (with the internal shadow service only) and republishes their
    /// presence; with `controlTopics` it also serves `hatch/fleet/control` and publishes status every
    /// 5 s and the event log. With an external shadow service and device identities but none for the
    /// service (AWS IoT Core: a certificate per device), there is no such session.
    private func startService() async {
        let internalShadows = configuration.shadowService == .internal
        if !internalShadows, configuration.credentials.service == nil, !configuration.credentials.isAnonymous { return }
        let session = MQTTSession(configuration: MQTTConfiguration(
            broker: configuration.broker, clientID: "hatch-fleet-\(configuration.instanceName)-\(ProcessInfo.processInfo.processIdentifier)",
            keepAlive: configuration.keepAlive, credentials: configuration.credentials.service?.credentials ?? nil, tls: configuration.credentials.serviceTLS,
            connectTimeout: SimulatedDevice.connectTimeout(keepAlive: configuration.keepAlive)),
            eventLoop: eventLoop)
        do {
            try await session.connect()
            serviceSession.withLock { $0 = session }
            var started: [Task<Void, Never>] = []
            if internalShadows {
                let shadowRequests = try await session.subscribe("$aws/things/+/shadow/+", qos: .atMostOnce)
                started.append(Task { [weak self] in
                    for await message in shadowRequests {
                        guard let self else { return }
                        await self.answerWhileOffline(message, session: session)
                    }
                })
                let namedShadowRequests = try await session.subscribe(Topics.namedShadowRequests, qos: .atLeastOnce)
                started.append(Task { [weak self] in
                    for await message in namedShadowRequests {
                        guard let self else { return }
                        await self.answerNamedShadow(message, session: session)
                    }
                })
            }
            if configuration.controlTopics {
                let requests = try await session.subscribe(Topics.fleetControl)
                started.append(Task { [weak self] in
                    for await message in requests {
                        guard let self else { return }
                        self.statistics.received.add(.control)
                        await self.handleControl(message.payload, session: session)
                    }
                })
                started.append(Task { [weak self] in
                    while !Task.isCancelled {
                        guard let self else { return }
                        if (try? await session.publish(Topics.fleetStatus, payload: self.status().jsonValue.jsonData, qos: .atLeastOnce, retain: true)) != nil {
                            self.statistics.published.add(.control)
                        }
                        try? await Task.sleep(for: .seconds(5))
                    }
                })
                started.append(Task { [weak self] in
                    guard let events = self?.events, let statistics = self?.statistics else { return }
                    for await event in events where (try? await session.publish(Topics.fleetEvents, payload: event.jsonValue.jsonData)) != nil {
                        statistics.published.add(.control)
                    }
                })
            }
            tasks.withLock { $0 += started }
        } catch {
            note(.error, "fleet service session unavailable (no shadow answers for offline devices, no control topic): \(error)")
        }
    }

    /// The shadow service stays up while a device is away (dropped, offline, rebooting): requests to
    /// its shadow are answered as AWS answers them, and the device applies the delta when it is back.
    private func answerWhileOffline(_ message: MQTTMessage, session: MQTTSession) async {
        let levels = message.topic.split(separator: "/", omittingEmptySubsequences: false)
        guard levels.count == 5, let device = devicesByThing[String(levels[2])] else { return }
        await publish(device.answerWhileOffline(topic: message.topic, payload: message.payload), session: session)
    }

    /// A request to a named shadow of one of the fleet's devices, answered whether the device is
    /// online or not (its firmware never reads named shadows). Another fleet's things are left alone.
    private func answerNamedShadow(_ message: MQTTMessage, session: MQTTSession) async {
        guard let request = ShadowService.request(in: message.topic), let text = request.name,
              let device = devicesByThing[String(request.thing)] else { return }
        guard let name = ShadowName(validating: String(text)) else {
            // Logged only: like any other topic no shadow answers, it gets no reply and no fleet event.
            configuration.telemetry.logger.warning(
                "ignored a message on \(message.topic): the shadow name must be 1 to \(ShadowName.maximumLength) of a-z A-Z 0-9 : _ - $",
                metadata: device.logMetadata)
            return
        }
        await publish(device.answerNamedShadow(request.operation, name: name, payload: message.payload), session: session)
    }

    /// Publishes the shadow service's replies for a device on the fleet's own session, counting each
    /// one sent or failed.
    private func publish(_ replies: [OutgoingMessage], session: MQTTSession) async {
        for reply in replies {
            do {
                try await session.publish(reply.topic, payload: reply.payload)
                statistics.published.add(reply.kind)
            } catch {
                statistics.publishFailures.add(1, ordering: .relaxed)
            }
        }
    }

    /// Answers one control request on ``Topics/fleetControlReply``: `ok` with the result, or
    /// `ok: false` with a `code` and a `message` (400 malformed, 404 no such device, 413, 415).
    private func handleControl(_ payload: Data, session: MQTTSession) async {
        guard let reply = await controlReply(to: payload) else { return }
        if (try? await session.publish(Topics.fleetControlReply, payload: reply.jsonData)) != nil {
            statistics.published.add(.control)
        }
    }

    /// Whether this process runs one share of a fleet (`fleet run --shard I/N`).
    private var isShard: Bool { configuration.instanceName.hasPrefix("shard-") }

    /// The reply to a control payload (the control topic's logic without the broker), with this
    /// fleet's instance name; `nil` for a request addressed to another instance.
    func controlReply(to payload: Data) async -> JSONValue? {
        var reply: JSONObject = [:]
        do throws(ShadowRejection) {
            let request = try FleetControlCommand.read(payload)
            if let instance = request.instance, instance != configuration.instanceName { return nil }
            let token = request.clientToken
            if let token { reply["clientToken"] = .string(token) }
            switch request.command {
            case .status:
                reply["status"] = status().jsonValue
            case .clock(let setting):
                configuration.clock.set(setting.time, speed: setting.speed, at: setting.at)
                reply["clock"] = setting.jsonValue
            case .fault(var fault):
                if case .devices(let names) = fault.target {
                    let unknown = names.filter { resolve(.devices([$0])).isEmpty }
                    // A shard holds only its share of the fleet: it injects the devices it has and names the
                    // others, which another shard may hold; a whole fleet refuses a name it does not know.
                    if !unknown.isEmpty, !isShard || unknown.count == names.count {
                        throw ShadowRejection(code: 404, message: "no device named \(unknown.map { "'\($0)'" }.joined(separator: ", ")) in this fleet; "
                                              + "name devices by name, MAC or thing name", clientToken: token)
                    }
                    if !unknown.isEmpty {
                        fault.target = .devices(names.filter { !unknown.contains($0) })
                        reply["elsewhere"] = .array(unknown.map { .string($0) })
                    }
                }
                let things = await inject(fault)
                reply["fault"] = .string(fault.kind.name)
                reply["devices"] = .array(things.map { .string($0.rawValue) })
            }
            reply["ok"] = true
        } catch {
            reply = ["ok": false, "code": .int(error.code), "message": .string(error.message)]
            if let token = error.clientToken { reply["clientToken"] = .string(token) }
        }
        reply["instance"] = .string(configuration.instanceName)
        return .object(reply)
    }
}

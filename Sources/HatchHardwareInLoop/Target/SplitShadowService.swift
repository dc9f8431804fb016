import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchMosquittoBroker
import HatchMQTT
import Synchronization

/// The private fleet's two roles apart, as in production: a mosquitto configured by
/// `hatchctl broker config --shadow-service external` (passwords and an ACL like an AWS IoT policy,
/// every packet logged so that a denied publish shows), and `hatchctl shadow-service` as a child
/// process on the fleet's simulated clock (`--speed`, `--start-time`, `--clock-origin`).
///
/// The suite runs the built `hatchctl` binary (`$HATCHCTL_PATH`, else next to the test bundle), so
/// this target never links the executable's module.
final class SplitShadowService: Sendable {
    /// The generated configuration's folder (mosquitto.conf, passwords, acl, credentials.json).
    let folder: URL
    /// The broker's log: `log_dest file` of the generated configuration, with every packet.
    let brokerLog: URL
    /// The plain listener's port on 127.0.0.1.
    let port: Int
    /// The devices' identities and the fleet service's, from credentials.json.
    let fleetCredentials: FleetCredentials
    /// The controller identity (`hatch-controller`), for the suite's client session.
    let controller: MQTTCredentials
    private let service = Mutex<ChildProcess?>(nil)
    private let clock: SimulationClock

    var credentialsFile: URL { folder.appendingPathComponent("credentials.json") }
    var configurationFile: URL { folder.appendingPathComponent("mosquitto.conf") }
    var serviceLog: URL { folder.appendingPathComponent("shadow-service.log") }
    var brokerURL: String { "mqtt://127.0.0.1:\(port)" }

    /// Where the `hatchctl` binary is: `$HATCHCTL_PATH`, or next to the test bundle in the build folder.
    static var hatchctl: URL { HatchctlExecutable.url }

    /// Writes the locked-down broker configuration for the devices of `fleetFile` into a new temporary folder.
    static func configure(fleetFile: URL, clock: SimulationClock) async throws -> SplitShadowService {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-hil-split-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let port = try MosquittoBroker.freeLoopbackPort()
        let brokerLog = folder.appendingPathComponent("mosquitto.log")
        let (status, output) = try await run(hatchctl, ["broker", "config", "--devices", fleetFile.path, "--out", folder.path,
                                                        "--host", "127.0.0.1", "--port", String(port), "--shadow-service", "external",
                                                        "--debug-log", "--log-file", brokerLog.path],
                                             home: folder, outputFile: folder.appendingPathComponent("broker-config.out"))
        guard status == 0 else {
            throw ScenarioFailure("`hatchctl broker config` (\(hatchctl.path)) exited with status \(status):\n\(output)")
        }
        let (credentials, controller) = try loadCredentials(folder.appendingPathComponent("credentials.json"))
        return SplitShadowService(folder: folder, brokerLog: brokerLog, port: port, fleetCredentials: credentials,
                                  controller: controller, clock: clock)
    }

    private init(folder: URL, brokerLog: URL, port: Int, fleetCredentials: FleetCredentials, controller: MQTTCredentials,
                 clock: SimulationClock) {
        self.folder = folder
        self.brokerLog = brokerLog
        self.port = port
        self.fleetCredentials = fleetCredentials
        self.controller = controller
        self.clock = clock
    }

    /// Starts mosquitto with the generated configuration on ``port``, logging to ``brokerLog``.
    func startBroker() async throws -> MosquittoBroker {
        try await MosquittoBroker.start(configurationFile: configurationFile, plainPort: port, tlsPort: nil, logFile: brokerLog)
    }

    /// Starts `hatchctl shadow-service` as the fleet service identity, on the fleet's clock as it reads
    /// now, and returns once it answers shadow requests.
    func startService() async throws {
        let process = ChildProcess()
        process.executableURL = Self.hatchctl
        // A whole-second start time and the real instant at which the fleet's clock reads it: the
        // child's clock then reads what the fleet's does, to the microsecond.
        let real = Date()
        let simulated = clock.now
        let start = simulated.timeIntervalSince1970.rounded(.down)
        let origin = real.timeIntervalSince1970 - (simulated.timeIntervalSince1970 - start) / clock.speed
        process.arguments = ["shadow-service", "--broker", brokerURL, "--credentials", credentialsFile.path,
                             "--state", folder.appendingPathComponent("shadows").path, "--client-id", "hatch-hil-shadow-service",
                             "--speed", String(clock.speed),
                             "--start-time", ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: start)),
                             "--clock-origin", String(format: "%.6f", origin)]
        var environment = ProcessInfo.processInfo.environment
        environment["HATCH_HOME"] = folder.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        if !FileManager.default.fileExists(atPath: serviceLog.path) {
            _ = FileManager.default.createFile(atPath: serviceLog.path, contents: nil)
        }
        let output = try FileHandle(forWritingTo: serviceLog)
        try output.seekToEnd()
        let readyBefore = readiness()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        try? output.close()
        service.withLock { $0 = process }
        let deadline = ContinuousClock.now + .seconds(30)
        while readiness() <= readyBefore {
            guard process.isRunning, ContinuousClock.now < deadline else {
                await stopService()
                throw ScenarioFailure("`hatchctl shadow-service` did not start answering within 30 s:\n\(log.suffix(3000))")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Stops the service with SIGTERM (documents saved, its MQTT session left on the broker, so that
    /// requests meanwhile wait there for the next start) and waits for it.
    func stopService() async {
        guard let process = service.withLock({ current -> ChildProcess? in defer { current = nil }; return current }) else { return }
        await process.stop(with: SIGTERM, grace: .seconds(15))
    }

    /// What the service logged so far, over all its starts.
    var log: String { (try? String(contentsOf: serviceLog, encoding: .utf8)) ?? "" }

    private func readiness() -> Int { log.components(separatedBy: "answering shadow requests").count - 1 }

    /// The broker's `Denied PUBLISH` lines from any of `clientIDs`; a line saying the log cannot prove
    /// anything when it shows no publish received from them at all.
    func deniedPublishes(from clientIDs: [String]) -> [String] {
        let text = (try? String(contentsOf: brokerLog, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n").map(String.init)
        func fromDevice(_ line: String) -> Bool { clientIDs.contains { line.contains("from \($0) ") } }
        guard lines.contains(where: { $0.contains("Received PUBLISH") && fromDevice($0) }) else {
            return ["\(brokerLog.path) shows no PUBLISH received from a device, so it cannot show a denied one"]
        }
        return lines.filter { $0.contains("Denied PUBLISH") && fromDevice($0) }
    }

    /// Removes the configuration folder (the broker and the service must be stopped).
    func removeFolder() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The device and service identities, and the controller's, from `credentials.json`.
    private static func loadCredentials(_ file: URL) throws -> (FleetCredentials, MQTTCredentials) {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
        func login(_ value: Any?) throws -> MQTTCredentials {
            guard let object = value as? [String: Any], let username = object["username"] as? String, let password = object["password"] as? String else {
                throw ScenarioFailure("\(file.path) lacks a username and password where expected")
            }
            return MQTTCredentials(username: username, password: password)
        }
        var devices: [ThingName: FleetCredentials.Identity] = [:]
        for (thing, value) in json["devices"] as? [String: Any] ?? [:] {
            devices[ThingName(rawValue: thing)] = .init(credentials: try login(value))
        }
        let credentials = FleetCredentials(devices: devices, service: .init(credentials: try login(json["service"])))
        return (credentials, try login(json["controller"]))
    }

    /// Runs a program to completion with its output in `outputFile`, waiting off the cooperative pool.
    private static func run(_ executable: URL, _ arguments: [String], home: URL, outputFile: URL) async throws -> (Int32, String) {
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HATCH_HOME"] = home.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputFile)
        process.standardOutput = output
        process.standardError = output
        // The child holds its own copy of the file; close ours once it runs.
        let status = try await process.runToExit { try? output.close() }.status
        return (status, (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "")
    }
}

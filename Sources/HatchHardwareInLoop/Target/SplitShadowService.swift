import Foundation
import HatchBrokerConfiguration
import HatchDeviceModel
import HatchDeviceSimulator
import HatchMosquittoBroker
import HatchMQTT
import Synchronization

/// The private fleet's two roles apart, as in production: a mosquitto with the configuration
/// `hatchctl broker config --shadow-service external` writes (passwords and an ACL like an AWS IoT
/// policy, every packet logged so that a denied publish shows), and the shadow service logged in as
/// the fleet's service identity on the fleet's simulated clock.
///
/// Both are made in this process from the libraries `hatchctl` uses, so an app package that runs the
/// kit needs no built `hatchctl`.
final class SplitShadowService: Sendable {
    /// The generated configuration's folder (mosquitto.conf, passwords, acl, credentials.json).
    let folder: URL
    /// The broker's log: `log_dest file` of the generated configuration, with every packet.
    let brokerLog: URL
    /// The plain listener's port on 127.0.0.1.
    let port: Int
    /// The devices' identities and the fleet service's, from the generated credentials.
    let fleetCredentials: FleetCredentials
    /// The controller identity (`hatch-controller`), for the suite's client session.
    let controller: MQTTCredentials
    private let service = Mutex<ShadowService?>(nil)
    private let clock: SimulationClock

    var configurationFile: URL { folder.appendingPathComponent("mosquitto.conf") }
    var brokerURL: String { "mqtt://127.0.0.1:\(port)" }

    /// Writes the locked-down broker configuration for the devices of `definition` into a new temporary folder.
    static func configure(definition: FleetDefinition, clock: SimulationClock) throws -> SplitShadowService {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-hil-split-\(UUID().uuidString.prefix(8))", isDirectory: true)
        let port = try MosquittoBroker.freeLoopbackPort()
        let brokerLog = folder.appendingPathComponent("mosquitto.log")
        var settings = BrokerSecurity.Settings(folder: folder)
        settings.host = "127.0.0.1"
        settings.port = port
        settings.deviceAccess = .firmwareTopics
        settings.logFile = brokerLog.path
        settings.debugLog = true
        let credentials: BrokerCredentialsFile
        do {
            credentials = try BrokerSecurity(definition: definition, settings: settings).generate().credentials
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw ScenarioFailure("the split shadow service's broker configuration could not be written to \(folder.path): \(error)")
        }
        return SplitShadowService(folder: folder, brokerLog: brokerLog, port: port,
                                  fleetCredentials: credentials.fleetCredentials(relativeTo: folder, usesTLS: false),
                                  controller: MQTTCredentials(username: credentials.controller.username, password: credentials.controller.password),
                                  clock: clock)
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

    /// Starts the shadow service as the fleet service identity, on the fleet's clock, and returns once
    /// it answers shadow requests. Its documents are kept in the folder, so a restart finds them.
    func startService() async throws {
        let clock = self.clock
        let configuration = ShadowServiceConfiguration(
            broker: try MQTTBrokerURL(brokerURL), credentials: fleetCredentials.service?.credentials, clientID: "hatch-hil-shadow-service",
            stateDirectory: folder.appendingPathComponent("shadows", isDirectory: true), now: { clock.now })
        let started = try ShadowService(configuration: configuration)
        do {
            try await started.start()
        } catch {
            throw ScenarioFailure("the shadow service did not start answering on \(brokerURL): \(error)")
        }
        service.withLock { $0 = started }
    }

    /// Stops the service (documents saved, its MQTT session left on the broker, so that requests
    /// meanwhile wait there for the next start).
    func stopService() async {
        guard let running = service.withLock({ current -> ShadowService? in defer { current = nil }; return current }) else { return }
        await running.stop()
    }

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
}

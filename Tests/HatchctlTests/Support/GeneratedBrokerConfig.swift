import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchMosquittoBroker
import HatchMQTT
import Testing

/// A configuration written by `hatchctl broker config` into a temporary folder, its credentials
/// read back, and (optionally) a real mosquitto started with its `mosquitto.conf`.
struct GeneratedBrokerConfig {
    /// A username and password from `credentials.json`.
    struct Identity {
        var username: String
        var password: String
        var certificateFile: String?
        var keyFile: String?
    }

    let folder: URL
    let controller: Identity
    let service: Identity
    /// Device identities by thing name.
    let devices: [String: Identity]
    let caFile: String?
    /// What `hatchctl broker config` printed.
    let output: Hatchctl.Result

    var credentialsFile: URL { folder.appendingPathComponent("credentials.json") }
    var passwordFile: URL { folder.appendingPathComponent("passwords") }
    var aclFile: URL { folder.appendingPathComponent("acl") }
    var configurationFile: URL { folder.appendingPathComponent("mosquitto.conf") }
    var logFile: URL { folder.appendingPathComponent("mosquitto.log") }

    /// Every generated password.
    var passwords: [String] { [controller.password, service.password] + devices.values.map(\.password) }

    /// Runs `hatchctl broker config --devices devices/household.yaml --out FOLDER arguments…`.
    static func generate(_ hatchctl: Hatchctl, folder: URL? = nil, _ arguments: [String] = []) async throws -> GeneratedBrokerConfig {
        let folder = folder ?? hatchctl.home.appendingPathComponent("broker-config")
        let devices = HouseholdFleet.packageRoot.appendingPathComponent("devices/household.yaml").path
        let result = try await hatchctl.run(["broker", "config", "--devices", devices, "--out", folder.path] + arguments)
        guard result.status == 0 else { throw GeneratedBrokerConfigError.failed(result) }
        return try load(folder: folder, output: result)
    }

    /// Reads `credentials.json` of `folder`.
    static func load(folder: URL, output: Hatchctl.Result) throws -> GeneratedBrokerConfig {
        let data = try Data(contentsOf: folder.appendingPathComponent("credentials.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        func identity(_ value: Any?) throws -> Identity {
            let object = try #require(value as? [String: Any])
            func path(_ key: String) -> String? { (object[key] as? String).map { folder.appendingPathComponent($0).path } }
            return Identity(username: try #require(object["username"] as? String), password: try #require(object["password"] as? String),
                            certificateFile: path("certificateFile"), keyFile: path("keyFile"))
        }
        var devices: [String: Identity] = [:]
        for (thing, value) in try #require(json["devices"] as? [String: Any]) { devices[thing] = try identity(value) }
        let ca = ((json["tls"] as? [String: Any])?["caFile"] as? String).map { folder.appendingPathComponent($0).path }
        return GeneratedBrokerConfig(folder: folder, controller: try identity(json["controller"]), service: try identity(json["service"]),
                                     devices: devices, caFile: ca, output: output)
    }

    /// What the in-process fleet needs to log in with these credentials.
    func fleetCredentials(tls: Bool = false) -> FleetCredentials {
        func convert(_ identity: Identity) -> FleetCredentials.Identity {
            .init(credentials: MQTTCredentials(username: identity.username, password: identity.password),
                  certificateFile: identity.certificateFile, keyFile: identity.keyFile)
        }
        var byThing: [ThingName: FleetCredentials.Identity] = [:]
        for (thing, identity) in devices { byThing[ThingName(rawValue: thing)] = convert(identity) }
        return FleetCredentials(devices: byThing, service: convert(service), tls: tls ? MQTTTLSConfiguration(caFile: caFile) : nil)
    }

    /// Starts mosquitto with the generated `mosquitto.conf`.
    func startBroker(plainPort: Int?, tlsPort: Int? = nil) async throws -> MosquittoBroker {
        try await MosquittoBroker.start(configurationFile: configurationFile, plainPort: plainPort, tlsPort: tlsPort, logFile: logFile)
    }
}

enum GeneratedBrokerConfigError: Error, CustomStringConvertible {
    case failed(Hatchctl.Result)

    var description: String {
        switch self {
        case .failed(let result): return "hatchctl broker config failed: \(result)"
        }
    }
}

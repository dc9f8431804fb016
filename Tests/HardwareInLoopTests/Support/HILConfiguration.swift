import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchMQTT

/// What the hardware-in-loop suite runs against, read from the environment.
///
/// Without `HATCH_HIL_BROKER_URL` the suite starts its own fleet (the fleet file `HATCH_HIL_DEVICES`
/// names, or devices/all-products.yaml) on a private mosquitto, once per scenario. With it, the
/// scenarios run against devices the suite did not start: `HATCH_HIL_DEVICES` then lists them as
/// `MAC=product` pairs or names a fleet file, and `HATCH_HIL_CA_FILE`, `HATCH_HIL_CERT_FILE`,
/// `HATCH_HIL_KEY_FILE`, `HATCH_HIL_USERNAME` and `HATCH_HIL_PASSWORD` describe how to reach the broker.
enum HILConfiguration: Sendable {
    /// A fleet the suite starts itself, from this fleet file.
    case privateFleet(fleetFile: URL)
    /// Devices on a broker the suite does not own.
    case external(ExternalTarget)

    /// An external target: the broker, how to log in, and the devices to drive.
    struct ExternalTarget: Sendable {
        var broker: MQTTBrokerURL
        var tls: MQTTTLSConfiguration?
        var credentials: MQTTCredentials?
        var devices: [HILDevice]
    }

    /// The environment variables the suite reads.
    enum Key {
        static let brokerURL = "HATCH_HIL_BROKER_URL"
        static let devices = "HATCH_HIL_DEVICES"
        static let caFile = "HATCH_HIL_CA_FILE"
        static let certificateFile = "HATCH_HIL_CERT_FILE"
        static let keyFile = "HATCH_HIL_KEY_FILE"
        static let username = "HATCH_HIL_USERNAME"
        static let password = "HATCH_HIL_PASSWORD"
        static let report = "HATCH_HIL_REPORT"
    }

    /// The package root, for the default fleet file and relative paths.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The fleet the suite starts when nothing else is configured: one device of each product.
    static let defaultFleetFile = packageRoot.appendingPathComponent("devices/all-products.yaml")

    /// Reads the configuration; throws an error that names the variable to fix.
    static func read(from environment: [String: String] = ProcessInfo.processInfo.environment) throws(HILConfigurationError) -> HILConfiguration {
        func value(_ key: String) -> String? {
            guard let text = environment[key]?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
            return text
        }
        guard let urlText = value(Key.brokerURL) else {
            for key in [Key.caFile, Key.certificateFile, Key.keyFile, Key.username, Key.password] where value(key) != nil {
                throw .brokerSettingWithoutBroker(key)
            }
            guard let devices = value(Key.devices) else { return .privateFleet(fleetFile: defaultFleetFile) }
            if devices.contains("=") { throw .deviceListWithoutBroker }
            let file = resolvePath(devices)
            _ = try HILDevice.load(fleetFile: file)
            return .privateFleet(fleetFile: file)
        }
        let broker: MQTTBrokerURL
        do {
            broker = try MQTTBrokerURL(urlText)
        } catch {
            throw .invalidBrokerURL(urlText, reason: "\(error)")
        }
        guard let devicesText = value(Key.devices) else { throw .missingDevices }
        let devices = devicesText.contains("=") ? try HILDevice.parseList(devicesText) : try HILDevice.load(fleetFile: resolvePath(devicesText))
        guard !devices.isEmpty else { throw .noDevices(devicesText) }

        var tls: MQTTTLSConfiguration?
        let ca = value(Key.caFile), certificate = value(Key.certificateFile), key = value(Key.keyFile)
        for (name, path) in [(Key.caFile, ca), (Key.certificateFile, certificate), (Key.keyFile, key)] {
            if let path, !FileManager.default.isReadableFile(atPath: resolvePath(path).path) {
                throw .unreadableFile(variable: name, path: path)
            }
        }
        if (certificate == nil) != (key == nil) { throw .certificateWithoutKey }
        if ca != nil || certificate != nil {
            guard broker.usesTLS else { throw .tlsFilesWithPlainURL(urlText) }
            tls = MQTTTLSConfiguration(caFile: ca.map { resolvePath($0).path }, certificateFile: certificate.map { resolvePath($0).path },
                                       keyFile: key.map { resolvePath($0).path })
        } else if broker.usesTLS {
            tls = MQTTTLSConfiguration()  // the system's CA store
        }
        var credentials: MQTTCredentials?
        if let username = value(Key.username) {
            credentials = MQTTCredentials(username: username, password: environment[Key.password])
        } else if value(Key.password) != nil {
            throw .passwordWithoutUsername
        }
        return .external(ExternalTarget(broker: broker, tls: tls, credentials: credentials, devices: devices))
    }

    /// A path as given, relative to the current directory, or to the package root when it is not
    /// found there (`swift test` may run from elsewhere).
    static func resolvePath(_ path: String) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded) }
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(expanded)
        if FileManager.default.fileExists(atPath: here.path) { return here }
        return packageRoot.appendingPathComponent(expanded)
    }
}

/// Why the suite's configuration cannot be used, and what to set instead.
enum HILConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidBrokerURL(String, reason: String)
    case missingDevices
    case noDevices(String)
    case deviceListWithoutBroker
    case brokerSettingWithoutBroker(String)
    case malformedDevice(String)
    case invalidMacAddress(String, reason: String)
    case unknownProduct(String)
    case unreadableFleetFile(path: String, reason: String)
    case unreadableFile(variable: String, path: String)
    case certificateWithoutKey
    case tlsFilesWithPlainURL(String)
    case passwordWithoutUsername

    var description: String {
        let products = HardwareProduct.allCases.map(\.rawValue).joined(separator: ", ")
        switch self {
        case .invalidBrokerURL(let text, let reason):
            return "HATCH_HIL_BROKER_URL='\(text)' is not a broker address (\(reason)). Set it to mqtt://host:1883 or mqtts://host:8883."
        case .missingDevices:
            return "HATCH_HIL_BROKER_URL is set but HATCH_HIL_DEVICES is not. Set HATCH_HIL_DEVICES to the devices to drive: "
                + "'A4:C1:38:10:00:01=restoreV5, A4:C1:38:10:00:04=restMini' or a fleet file such as devices/household.yaml."
        case .noDevices(let text):
            return "HATCH_HIL_DEVICES='\(text)' names no device. List MAC=product pairs or a fleet file with devices."
        case .deviceListWithoutBroker:
            return "HATCH_HIL_DEVICES lists MAC=product pairs, which only make sense for devices the suite does not start: "
                + "set HATCH_HIL_BROKER_URL to their broker, or set HATCH_HIL_DEVICES to a fleet file for the private fleet."
        case .brokerSettingWithoutBroker(let key):
            return "\(key) is set but HATCH_HIL_BROKER_URL is not; set HATCH_HIL_BROKER_URL to the broker it belongs to, or unset \(key)."
        case .malformedDevice(let entry):
            return "HATCH_HIL_DEVICES entry '\(entry)' is not MAC=product; write e.g. A4:C1:38:10:00:01=restoreV5 (products: \(products))."
        case .invalidMacAddress(let text, let reason):
            return "HATCH_HIL_DEVICES: '\(text)' is not a MAC address (\(reason)); write six hex pairs, e.g. A4:C1:38:10:00:01."
        case .unknownProduct(let name):
            return "HATCH_HIL_DEVICES: unknown product '\(name)'; use one of \(products)."
        case .unreadableFleetFile(let path, let reason):
            return "HATCH_HIL_DEVICES: cannot use the fleet file \(path): \(reason). Set it to a readable fleet file (e.g. devices/household.yaml) or to MAC=product pairs."
        case .unreadableFile(let variable, let path):
            return "\(variable)=\(path) cannot be read; set it to a readable PEM file."
        case .certificateWithoutKey:
            return "Set both HATCH_HIL_CERT_FILE and HATCH_HIL_KEY_FILE for a client certificate, or neither."
        case .tlsFilesWithPlainURL(let url):
            return "TLS files are set but HATCH_HIL_BROKER_URL='\(url)' is plain MQTT; use an mqtts:// address."
        case .passwordWithoutUsername:
            return "HATCH_HIL_PASSWORD is set without HATCH_HIL_USERNAME; set the username too."
        }
    }
}

import Foundation
import HatchDeviceModel
import HatchMQTT

/// What the scenarios run against: a fleet the kit simulates, or devices it did not start.
///
/// Build one in code, or read it from the `HATCH_HIL_*` environment variables with
/// ``fromEnvironment(_:)``, which is what ``HIL/scenario(_:clockStart:target:junitFile:sourceLocation:_:)``
/// does when it is given none: without `HATCH_HIL_BROKER_URL` a simulated fleet (the fleet file
/// `HATCH_HIL_DEVICES` names, or one device of each product); with it, the devices `HATCH_HIL_DEVICES`
/// lists as `MAC=product` pairs or a fleet file, reached with `HATCH_HIL_CA_FILE`, `HATCH_HIL_CERT_FILE`,
/// `HATCH_HIL_KEY_FILE`, `HATCH_HIL_USERNAME` and `HATCH_HIL_PASSWORD`.
public enum HILTargetConfiguration: Sendable {
    /// A fleet the kit starts for each scenario and stops after it.
    case simulated(SimulatedFleet)
    /// Devices on a broker the kit does not own.
    case external(ExternalDevices)

    /// The environment variables the kit reads.
    public enum Key {
        /// The external devices' broker, `mqtt://host:1883` or `mqtts://host:8883`.
        public static let brokerURL = "HATCH_HIL_BROKER_URL"
        /// `MAC=product` pairs or a fleet file.
        public static let devices = "HATCH_HIL_DEVICES"
        /// A PEM file with the CA of the broker's certificate.
        public static let caFile = "HATCH_HIL_CA_FILE"
        /// A PEM client certificate (mutual TLS), with ``keyFile``.
        public static let certificateFile = "HATCH_HIL_CERT_FILE"
        /// The client certificate's PEM key.
        public static let keyFile = "HATCH_HIL_KEY_FILE"
        /// The broker login's username.
        public static let username = "HATCH_HIL_USERNAME"
        /// The broker login's password.
        public static let password = "HATCH_HIL_PASSWORD"
        /// `split` (or `external`) runs the simulated fleet's shadow service apart; `fused` (or `internal`) by default.
        public static let shadowService = "HATCH_HIL_SHADOW_SERVICE"
        /// A file each scenario appends its verdict to, as one JSON line.
        public static let report = "HATCH_HIL_REPORT"
        /// The JUnit XML file the kit rewrites after each scenario.
        public static let junit = "HATCH_HIL_JUNIT"
    }

    /// The toolkit's source folder, for the default fleet file and relative paths.
    static let toolkitRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One device of each product (the toolkit's devices/all-products.yaml), the default simulated fleet.
    public static let defaultFleetFile = toolkitRoot.appendingPathComponent("devices/all-products.yaml")

    /// Reads the target from the `HATCH_HIL_*` variables; throws an error that names the variable to fix.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(HILConfigurationError) -> HILTargetConfiguration {
        func value(_ key: String) -> String? {
            guard let text = environment[key]?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
            return text
        }
        guard let urlText = value(Key.brokerURL) else {
            for key in [Key.caFile, Key.certificateFile, Key.keyFile, Key.username, Key.password] where value(key) != nil {
                throw .brokerSettingWithoutBroker(key)
            }
            var fleet = SimulatedFleet()
            switch value(Key.shadowService)?.lowercased() {
            case nil, "fused", "internal": fleet.shadowService = .fused
            case "split", "external": fleet.shadowService = .split
            case let other?: throw .unknownShadowService(other)
            }
            guard let devices = value(Key.devices) else { return .simulated(fleet) }
            if devices.contains("=") { throw .deviceListWithoutBroker }
            let file = resolvePath(devices)
            _ = try HILDevice.load(fleetFile: file)
            fleet.devices = .fleetFile(file)
            return .simulated(fleet)
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
        }
        var credentials: MQTTCredentials?
        if let username = value(Key.username) {
            credentials = MQTTCredentials(username: username, password: environment[Key.password])
        } else if value(Key.password) != nil {
            throw .passwordWithoutUsername
        }
        return .external(ExternalDevices(broker: broker, devices: devices, tls: tls, credentials: credentials))
    }

    /// A path as given, relative to the current directory, or to the toolkit's folder when it is not
    /// found there (`swift test` may run from elsewhere).
    static func resolvePath(_ path: String) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded) }
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(expanded)
        if FileManager.default.fileExists(atPath: here.path) { return here }
        return toolkitRoot.appendingPathComponent(expanded)
    }
}

import Foundation
import HatchDeviceModel
import HatchMosquittoBroker

/// Generates a locked-down mosquitto configuration for a fleet into one folder: `mosquitto.conf`,
/// the password file (`passwords`, mosquitto 2 hashes, 0600), the ACL (`acl`), the binding of each
/// device's login to its client id (`client-ids.json`, 0600, for mosquitto's dynamic-security plugin), the generated secrets
/// (`credentials.json`, 0600) and, with TLS, a CA and a server certificate (`tls/`).
///
/// Running it again keeps every existing password, the CA and the client certificates (new devices
/// get new ones, devices gone from the fleet file are dropped) unless ``Settings/rotate`` is set.
/// `hatchctl broker config` writes a configuration for a broker of your own; `hatchctl fleet run`
/// writes one for its private broker on each start.
package struct BrokerSecurity {
    /// What to generate.
    package struct Settings {
        /// The folder to write into (created when missing).
        package var folder: URL
        /// Where the broker will see that folder (`/mosquitto/config` in a container); default: `folder`.
        package var brokerPath: String?
        /// The address the listeners bind; `nil` for every interface.
        package var host: String?
        /// The plain listener's port; `nil` for TLS only.
        package var port: Int?
        /// The TLS listener's port; `nil` without TLS.
        package var tlsPort: Int?
        /// Whether every client must also present a certificate signed by the CA (one is made per identity).
        package var clientCertificates = false
        /// The host names and addresses the server certificate names.
        package var serverNames = ["localhost", "127.0.0.1"]
        /// A log file for the broker, or `nil` for standard output.
        package var logFile: String?
        /// Whether the broker logs every packet (denied publishes and subscriptions included).
        package var debugLog = false
        /// Whether to replace every secret, the CA and the certificates.
        package var rotate = false
        /// The account the broker switches to after it starts; default: `root` when this process runs
        /// as root and the broker uses the folder in place (it must read the 0600 files), else mosquitto's own.
        package var brokerUser: String?
        /// Where the broker keeps retained messages and sessions across restarts, or `nil` for none.
        package var persistencePath: String?
        /// Seconds between saves of the persistence database, or `nil` for mosquitto's default here (30).
        package var autosaveInterval: Int?
        /// What the ACL gives devices and the fleet service, which follows from who answers shadow requests.
        package var deviceAccess: BrokerAccessControlList.DeviceAccess = .ownTopics
        /// mosquitto's dynamic-security plugin as the broker sees it; default: the one installed beside the
        /// local mosquitto, or the `eclipse-mosquitto` image's `/usr/lib/mosquitto_dynamic_security.so` with ``brokerPath``.
        package var dynamicSecurityPlugin: String?
    
        /// Settings that write into `folder`, with defaults for the rest.
        package init(folder: URL) {
            self.folder = folder
        }
    }

    /// What was generated (no secrets): for the command's output.
    package struct Summary: Encodable, Sendable {
        package var folder: String
        package var configurationFile: String
        package var passwordFile: String
        package var aclFile: String
        package var clientIDFile: String
        package var credentialsFile: String
        package var caFile: String?
        package var fleet: String
        package var devices: Int
        package var controllerUsername: String
        package var serviceUsername: String
        package var newPasswords: Int
        package var keptPasswords: Int
        package var plainPort: Int?
        package var tlsPort: Int?
        package var clientCertificates: Bool
        package var shadowService: String
    }

    /// The controller's username: `hatchctl` and the IoT clients.
    package static let controllerUsername = "hatch-controller"
    /// The fleet service's username.
    package static let serviceUsername = "hatch-fleet"
    /// Where the `eclipse-mosquitto` container image keeps the dynamic-security plugin.
    package static let containerDynamicSecurityPlugin = "/usr/lib/mosquitto_dynamic_security.so"

    /// The fleet's name.
    package let fleet: String
    /// The devices that get a login (a thing name seen twice gets one).
    package let devices: [BrokerDevice]
    /// What to generate.
    package let settings: Settings

    /// Creates the generator of a fleet's locked-down mosquitto configuration.
    package init(fleet: String, devices: [BrokerDevice], settings: Settings) {
        self.fleet = fleet
        self.devices = devices
        self.settings = settings
    }

    /// Where the generated credentials go.
    package var credentialsURL: URL { settings.folder.appendingPathComponent(BrokerCredentialsFile.fileName) }

    /// Writes every file and returns the credentials and a summary.
    package func generate() throws(BrokerConfigurationError) -> (credentials: BrokerCredentialsFile, summary: Summary) {
        let folder = settings.folder
        let brokerPath = settings.brokerPath ?? folder.standardizedFileURL.path
        if brokerPath.contains(where: \.isWhitespace) { throw .pathWithSpaces(brokerPath) }
        guard settings.port != nil || settings.tlsPort != nil else { throw .noListener }
        try BrokerCertificateAuthority.makeFolder(folder, hint: "Check the --out folder.")
        let previous = try previousCredentials()
        var fresh = 0, kept = 0
        func identity(_ username: String, _ old: BrokerCredentialsFile.Identity?) -> BrokerCredentialsFile.Identity {
            if let old, old.username == username {
                kept += 1
                return BrokerCredentialsFile.Identity(username: username, password: old.password)
            }
            fresh += 1
            return BrokerCredentialsFile.Identity(username: username, password: Self.newPassword())
        }
        var credentials = BrokerCredentialsFile(
            fleet: fleet,
            controller: identity(Self.controllerUsername, previous?.controller),
            service: identity(Self.serviceUsername, previous?.service),
            devices: [:])
        var aclDevices: [BrokerDevice] = []
        for device in devices {
            let thing = device.thing.rawValue
            guard credentials.devices[thing] == nil else { continue }
            guard thing.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
                throw .invalidUsername(thing)
            }
            let made = identity(thing, previous?.devices[thing]?.identity)
            credentials.devices[thing] = BrokerCredentialsFile.DeviceIdentity(device: device, username: made.username, password: made.password)
            aclDevices.append(device)
        }

        let authority = BrokerCertificateAuthority(folder: folder)
        if settings.tlsPort != nil {
            let newCA = try authority.ensureCA(fleet: fleet, rotate: settings.rotate)
            try authority.makeServerCertificate(names: settings.serverNames)
            credentials.tls = .init(caFile: BrokerConfigurationFiles.caCertificate)
            if settings.clientCertificates {
                try attachClientCertificates(to: &credentials, authority: authority, rotate: settings.rotate || newCA)
            }
        }

        let acl = BrokerAccessControlList(fleet: fleet, devices: aclDevices,
                                          controllerUsername: Self.controllerUsername, serviceUsername: Self.serviceUsername,
                                          deviceAccess: settings.deviceAccess)
        var configuration = MosquittoConfigFile.lockedDown(
            fleet: fleet, brokerPath: brokerPath, host: settings.host, port: settings.port, tlsPort: settings.tlsPort,
            requireClientCertificate: settings.clientCertificates, dynamicSecurityPlugin: try dynamicSecurityPlugin())
        configuration.logFile = settings.logFile
        if settings.debugLog { configuration.logTypes.append("debug") }
        configuration.persistenceLocation = settings.persistencePath
        if let interval = settings.autosaveInterval { configuration.autosaveInterval = interval }
        configuration.user = settings.brokerUser ?? (getuid() == 0 && settings.brokerPath == nil ? "root" : nil)
        let users = [(credentials.controller.username, credentials.controller.password), (credentials.service.username, credentials.service.password)]
            + aclDevices.compactMap { device in credentials.devices[device.thing.rawValue].map { ($0.username, $0.password) } }
        do {
            try MosquittoPasswordFile.write(users.map { (username: $0.0, password: $0.1) }, to: file(BrokerConfigurationFiles.passwords))
            let bound = try BrokerClientIDBinding.devices(aclDevices.map(\.thing.rawValue), inPasswordFile: file(BrokerConfigurationFiles.passwords))
            try SecretFile.write(try BrokerClientIDBinding(devices: bound).render(), to: file(BrokerConfigurationFiles.clientIDBinding))
            try SecretFile.write(Data(acl.render().utf8), to: file(BrokerConfigurationFiles.acl))
            try credentials.save(to: credentialsURL)
            try Data(configuration.render().utf8).write(to: file(BrokerConfigurationFiles.configuration), options: .atomic)
        } catch let error as BrokerConfigurationError {
            throw error
        } catch {
            throw .unwritable(path: "the broker configuration into \(folder.path)", reason: "\(error)", hint: "Check that the folder is writable.")
        }
        let summary = Summary(
            folder: folder.path, configurationFile: file(BrokerConfigurationFiles.configuration).path,
            passwordFile: file(BrokerConfigurationFiles.passwords).path, aclFile: file(BrokerConfigurationFiles.acl).path,
            clientIDFile: file(BrokerConfigurationFiles.clientIDBinding).path,
            credentialsFile: credentialsURL.path, caFile: credentials.tls.map { file($0.caFile).path }, fleet: fleet,
            devices: credentials.devices.count, controllerUsername: Self.controllerUsername, serviceUsername: Self.serviceUsername,
            newPasswords: fresh, keptPasswords: kept, plainPort: settings.port, tlsPort: settings.tlsPort,
            clientCertificates: settings.tlsPort != nil && settings.clientCertificates, shadowService: settings.deviceAccess.rawValue)
        return (credentials, summary)
    }

    private func file(_ name: String) -> URL { settings.folder.appendingPathComponent(name) }

    private func dynamicSecurityPlugin() throws(BrokerConfigurationError) -> String {
        if let plugin = settings.dynamicSecurityPlugin { return plugin }
        if settings.brokerPath != nil { return Self.containerDynamicSecurityPlugin }
        do {
            return try MosquittoExecutable.dynamicSecurityPlugin()
        } catch {
            throw .dynamicSecurityPluginNotFound("\(error)")
        }
    }

    private func previousCredentials() throws(BrokerConfigurationError) -> BrokerCredentialsFile? {
        guard !settings.rotate, FileManager.default.fileExists(atPath: credentialsURL.path) else { return nil }
        return try BrokerCredentialsFile.load(from: credentialsURL)
    }

    private func attachClientCertificates(to credentials: inout BrokerCredentialsFile, authority: BrokerCertificateAuthority,
                                          rotate: Bool) throws(BrokerConfigurationError) {
        for username in [credentials.controller.username, credentials.service.username] {
            try authority.ensureClientCertificate(username: username, rotate: rotate)
        }
        let controllerFiles = BrokerCertificateAuthority.clientFiles(for: credentials.controller.username)
        credentials.controller.certificateFile = controllerFiles.certificate
        credentials.controller.keyFile = controllerFiles.key
        let serviceFiles = BrokerCertificateAuthority.clientFiles(for: credentials.service.username)
        credentials.service.certificateFile = serviceFiles.certificate
        credentials.service.keyFile = serviceFiles.key
        for thing in credentials.devices.keys.sorted() {
            try authority.ensureClientCertificate(username: thing, rotate: rotate)
            let files = BrokerCertificateAuthority.clientFiles(for: thing)
            credentials.devices[thing]?.certificateFile = files.certificate
            credentials.devices[thing]?.keyFile = files.key
        }
    }

    /// 32 random bytes from the system's secure generator, as 43 URL-safe base64 characters.
    package static func newPassword() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}

import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
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
struct BrokerSecurity {
    /// What to generate.
    struct Settings {
        /// The folder to write into (created when missing).
        var folder: URL
        /// Where the broker will see that folder (`/mosquitto/config` in a container); default: `folder`.
        var brokerPath: String?
        /// The address the listeners bind; `nil` for every interface.
        var host: String?
        /// The plain listener's port; `nil` for TLS only.
        var port: Int?
        /// The TLS listener's port; `nil` without TLS.
        var tlsPort: Int?
        /// Whether every client must also present a certificate signed by the CA (one is made per identity).
        var clientCertificates = false
        /// The host names and addresses the server certificate names.
        var serverNames = ["localhost", "127.0.0.1"]
        /// A log file for the broker, or `nil` for standard output.
        var logFile: String?
        /// Whether the broker logs every packet (denied publishes and subscriptions included).
        var debugLog = false
        /// Whether to replace every secret, the CA and the certificates.
        var rotate = false
        /// The account the broker switches to after it starts; default: `root` when this process runs
        /// as root and the broker uses the folder in place (it must read the 0600 files), else mosquitto's own.
        var brokerUser: String?
        /// Where the broker keeps retained messages and sessions across restarts, or `nil` for none.
        var persistencePath: String?
        /// Who answers shadow requests, which decides what the ACL gives devices and the fleet service.
        var shadowService: ShadowServiceMode = .internal
        /// mosquitto's dynamic-security plugin as the broker sees it; default: the one installed beside the
        /// local mosquitto, or the `eclipse-mosquitto` image's `/usr/lib/mosquitto_dynamic_security.so` with ``brokerPath``.
        var dynamicSecurityPlugin: String?
    }

    /// What was generated (no secrets): for the command's output.
    struct Summary: Encodable {
        var folder: String
        var configurationFile: String
        var passwordFile: String
        var aclFile: String
        var clientIDFile: String
        var credentialsFile: String
        var caFile: String?
        var fleet: String
        var devices: Int
        var controllerUsername: String
        var serviceUsername: String
        var newPasswords: Int
        var keptPasswords: Int
        var plainPort: Int?
        var tlsPort: Int?
        var clientCertificates: Bool
        var shadowService: String
    }

    /// The controller's username: `hatchctl` and the IoT clients.
    static let controllerUsername = "hatch-controller"
    /// The fleet service's username.
    static let serviceUsername = "hatch-fleet"
    /// Where the `eclipse-mosquitto` container image keeps the dynamic-security plugin.
    static let containerDynamicSecurityPlugin = "/usr/lib/mosquitto_dynamic_security.so"

    let definition: FleetDefinition
    let settings: Settings

    var credentialsURL: URL { settings.folder.appendingPathComponent(BrokerCredentialsFile.fileName) }

    /// Writes every file and returns the credentials and a summary.
    func generate() throws(HatchctlError) -> (credentials: BrokerCredentialsFile, summary: Summary) {
        let folder = settings.folder
        let brokerPath = settings.brokerPath ?? folder.standardizedFileURL.path
        if brokerPath.contains(where: \.isWhitespace) {
            throw .invalidArgument("mosquitto cannot read file paths with spaces in its configuration, and \(brokerPath) has one. "
                + "Choose another --out folder (or --broker-path).")
        }
        guard settings.port != nil || settings.tlsPort != nil else {
            throw .invalidArgument("The broker needs a listener: give --port, or --tls with --tls-port.")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .invalidArgument("Cannot create \(folder.path): \(error.localizedDescription). Check the --out folder.")
        }
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
            fleet: definition.name,
            controller: identity(Self.controllerUsername, previous?.controller),
            service: identity(Self.serviceUsername, previous?.service),
            devices: [:])
        var aclDevices: [BrokerAccessControlList.Device] = []
        for spec in definition.devices {
            let profile = spec.profile
            let thing = profile.thingName.rawValue
            guard credentials.devices[thing] == nil else { continue }
            guard thing.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
                throw .invalidArgument("The thing name '\(thing)' cannot be a broker username; check the device's product and MAC address.")
            }
            let made = identity(thing, previous?.devices[thing]?.identity)
            credentials.devices[thing] = BrokerCredentialsFile.DeviceIdentity(
                name: profile.name, macAddress: profile.macAddress.description, product: profile.product.rawValue,
                username: made.username, password: made.password)
            aclDevices.append(.init(name: profile.name, macAddress: profile.macAddress.description,
                                    product: profile.product.rawValue, thing: profile.thingName))
        }

        let authority = BrokerCertificateAuthority(folder: folder)
        if settings.tlsPort != nil {
            let newCA = try authority.ensureCA(fleet: definition.name, rotate: settings.rotate)
            try authority.makeServerCertificate(names: settings.serverNames)
            credentials.tls = .init(caFile: BrokerConfigFile.Files.caCertificate)
            if settings.clientCertificates {
                try attachClientCertificates(to: &credentials, authority: authority, rotate: settings.rotate || newCA)
            }
        }

        let acl = BrokerAccessControlList(fleet: definition.name, devices: aclDevices,
                                          controllerUsername: Self.controllerUsername, serviceUsername: Self.serviceUsername,
                                          shadowService: settings.shadowService)
        let configuration = BrokerConfigFile(
            brokerPath: brokerPath, host: settings.host, port: settings.port, tlsPort: settings.tlsPort,
            requireClientCertificate: settings.clientCertificates, persistencePath: settings.persistencePath,
            logFile: settings.logFile, debugLog: settings.debugLog,
            user: settings.brokerUser ?? (getuid() == 0 && settings.brokerPath == nil ? "root" : nil),
            dynamicSecurityPlugin: try dynamicSecurityPlugin(), fleet: definition.name)
        let users = [(credentials.controller.username, credentials.controller.password), (credentials.service.username, credentials.service.password)]
            + aclDevices.compactMap { device in credentials.devices[device.thing.rawValue].map { ($0.username, $0.password) } }
        do {
            try MosquittoPasswordFile.write(users.map { (username: $0.0, password: $0.1) }, to: file(BrokerConfigFile.Files.passwords))
            let bound = try BrokerClientIDBinding.devices(aclDevices.map(\.thing.rawValue), inPasswordFile: file(BrokerConfigFile.Files.passwords))
            try SecretFile.write(try BrokerClientIDBinding(devices: bound).render(), to: file(BrokerConfigFile.Files.clientIDBinding))
            try SecretFile.write(Data(acl.render().utf8), to: file(BrokerConfigFile.Files.acl))
            try credentials.save(to: credentialsURL)
            try Data(configuration.render().utf8).write(to: file(BrokerConfigFile.Files.configuration), options: .atomic)
        } catch let error as HatchctlError {
            throw error
        } catch {
            throw .invalidArgument("Cannot write the broker configuration into \(folder.path): \(error). Check that the folder is writable.")
        }
        let summary = Summary(
            folder: folder.path, configurationFile: file(BrokerConfigFile.Files.configuration).path,
            passwordFile: file(BrokerConfigFile.Files.passwords).path, aclFile: file(BrokerConfigFile.Files.acl).path,
            clientIDFile: file(BrokerConfigFile.Files.clientIDBinding).path,
            credentialsFile: credentialsURL.path, caFile: credentials.tls.map { file($0.caFile).path }, fleet: definition.name,
            devices: credentials.devices.count, controllerUsername: Self.controllerUsername, serviceUsername: Self.serviceUsername,
            newPasswords: fresh, keptPasswords: kept, plainPort: settings.port, tlsPort: settings.tlsPort,
            clientCertificates: settings.tlsPort != nil && settings.clientCertificates, shadowService: settings.shadowService.rawValue)
        return (credentials, summary)
    }

    private func file(_ name: String) -> URL { settings.folder.appendingPathComponent(name) }

    private func dynamicSecurityPlugin() throws(HatchctlError) -> String {
        if let plugin = settings.dynamicSecurityPlugin { return plugin }
        if settings.brokerPath != nil { return Self.containerDynamicSecurityPlugin }
        do {
            return try MosquittoExecutable.dynamicSecurityPlugin()
        } catch {
            throw .invalidArgument("\(error) Or pass --dynamic-security-plugin with its path on the broker's machine.")
        }
    }

    private func previousCredentials() throws(HatchctlError) -> BrokerCredentialsFile? {
        guard !settings.rotate, FileManager.default.fileExists(atPath: credentialsURL.path) else { return nil }
        return try BrokerCredentialsFile.load(from: credentialsURL)
    }

    private func attachClientCertificates(to credentials: inout BrokerCredentialsFile, authority: BrokerCertificateAuthority,
                                          rotate: Bool) throws(HatchctlError) {
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
    static func newPassword() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}

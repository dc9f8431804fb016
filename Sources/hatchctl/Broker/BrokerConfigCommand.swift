import ArgumentParser
import Foundation
import HatchBrokerConfiguration
import HatchDeviceSimulator
import HatchFleetControl

/// `hatchctl broker config`: writes a locked-down mosquitto configuration for a fleet file.
struct BrokerConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Write mosquitto.conf, a password file, an ACL and the generated credentials for a fleet.",
        discussion: """
            Every device gets its own username (its thing name) and password, may connect only with its \
            thing name as client id (mosquitto's dynamic-security plugin), and may use only its own \
            shadow, presence, registry and record topics; `hatch-controller` (hatchctl, the IoT clients) \
            may address every device; `hatch-fleet` is the fleet process's own session. Anonymous \
            clients are refused. The passwords are kept in credentials.json (mode 0600) for \
            `hatchctl fleet run --broker URL --credentials DIR/credentials.json`; running the command \
            again keeps them unless --rotate. Never commit the folder.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The fleet file (YAML); repeat it for a broker that serves several fleets.", valueName: "file"))
    var devices: [String] = ["devices/household.yaml"]

    @Option(name: .long, help: ArgumentHelp("The folder to write (created when missing).", valueName: "dir"))
    var out: String

    @Option(name: .long, help: ArgumentHelp("Where the broker sees that folder, e.g. /mosquitto/config in a container (default: the --out folder).", valueName: "path"))
    var brokerPath: String?

    @Option(name: .long, help: ArgumentHelp("The address the listeners bind (default: every interface).", valueName: "address"))
    var host: String?

    @Option(name: .long, help: "The plain MQTT listener's port.")
    var port = 1883

    @Flag(name: .long, help: "Also generate a CA and a server certificate and add a TLS listener.")
    var tls = false

    @Option(name: .long, help: "The TLS listener's port (with --tls).")
    var tlsPort = 8883

    @Flag(name: .long, help: "With --tls: no plain listener at all.")
    var tlsOnly = false

    @Flag(name: .long, help: "With --tls: a client certificate per identity, and the broker requires one (mutual TLS).")
    var clientCertificates = false

    @Option(name: .customLong("server-name"), help: ArgumentHelp("A host name or address clients use to reach the broker, for the server certificate (repeatable; default: localhost and 127.0.0.1).", valueName: "name"))
    var serverNames: [String] = []

    @Option(name: .long, help: ArgumentHelp("Where the broker logs (default: standard output, as containers expect).", valueName: "file"))
    var logFile: String?

    @Flag(name: .long, help: "Log every packet, including denied publishes and subscriptions (noisy; for checking the ACL).")
    var debugLog = false

    @Option(name: .long, help: ArgumentHelp("The account mosquitto switches to after it starts (`user` in mosquitto.conf); it must be able to read the 0600 files.", valueName: "name"))
    var brokerUser: String?

    @Option(name: .long, help: ArgumentHelp("Keep retained messages and sessions across broker restarts in this folder, as the broker sees it (default: no persistence).", valueName: "path"))
    var persistencePath: String?

    @Option(name: .long, help: ArgumentHelp(
        "internal: devices answer their own shadows (`fleet run`); external: an ACL like an AWS IoT policy, where each device may "
            + "publish and read only its firmware's topics and hatch-fleet runs `hatchctl shadow-service`.", valueName: "internal|external"))
    var shadowService: ShadowServiceMode = .internal

    @Option(name: .long, help: ArgumentHelp(
        "mosquitto_dynamic_security.so on the broker's machine, which binds each device's login to its client id "
            + "(default: the one beside the local mosquitto; with --broker-path, the eclipse-mosquitto image's /usr/lib/mosquitto_dynamic_security.so).",
        valueName: "path"))
    var dynamicSecurityPlugin: String?

    @Flag(name: .long, help: "Replace every password, the CA and the certificates instead of keeping them.")
    var rotate = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        for value in [port, tlsPort] where !(1...65535).contains(value) {
            throw ValidationError("Ports are between 1 and 65535 (got \(value)).")
        }
        if (tlsOnly || clientCertificates) && !tls { throw ValidationError("--tls-only and --client-certificates need --tls.") }
        if tls && !tlsOnly && port == tlsPort { throw ValidationError("--port and --tls-port must differ.") }
        if let dynamicSecurityPlugin, dynamicSecurityPlugin.isEmpty || dynamicSecurityPlugin.contains(where: { $0.isWhitespace }) {
            throw ValidationError("--dynamic-security-plugin takes a path without spaces (got '\(dynamicSecurityPlugin)').")
        }
        if let brokerUser, brokerUser.isEmpty || brokerUser.contains(where: { $0.isWhitespace }) {
            throw ValidationError("--broker-user takes an account name without spaces (got '\(brokerUser)').")
        }
    }

    func run() async throws {
        let console = Console(json: output.json)
        try await console.run {
            let definition = try FleetFiles.combined(FleetFiles.load(devices))
            let folder = URL(fileURLWithPath: out, isDirectory: true).standardizedFileURL
            var settings = BrokerSecurity.Settings(folder: folder)
            settings.brokerPath = brokerPath
            settings.host = host
            settings.port = tls && tlsOnly ? nil : port
            settings.tlsPort = tls ? tlsPort : nil
            settings.clientCertificates = clientCertificates
            if !serverNames.isEmpty { settings.serverNames = serverNames }
            settings.logFile = logFile
            settings.debugLog = debugLog
            settings.rotate = rotate
            settings.brokerUser = brokerUser
            settings.persistencePath = persistencePath
            settings.deviceAccess = .init(shadowService)
            settings.dynamicSecurityPlugin = dynamicSecurityPlugin
            let (_, summary) = try BrokerSecurity(definition: definition, settings: settings).generate()
            console.emit(summary) { summary.text }
        }
    }
}

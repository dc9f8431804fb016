import ArgumentParser
import HatchDeviceSimulator

/// How `hatchctl fleet run` secures its broker: by default a private mosquitto with a generated
/// password file and ACL (each device logs in as itself); `--tls` adds TLS; `--dev` keeps the old
/// anonymous loopback broker; `--credentials` logs in to a `--broker` configured with `broker config`;
/// `--shadow-service external` runs the devices' firmware only, for a broker whose shadow service
/// answers (AWS IoT Core with `--certificates` and `--ca-file`, or `hatchctl shadow-service`).
struct FleetSecurityOptions: ParsableArguments {
    @Flag(name: .long, help: "Private broker without passwords or ACL (anonymous, loopback only), for quick trials.")
    var dev = false

    @Flag(name: .long, help: "Private broker over TLS only, with a generated CA; devices and hatchctl use mqtts://.")
    var tls = false

    @Flag(name: .long, help: "With --tls: every client also presents a certificate signed by the generated CA.")
    var clientCertificates = false

    @Option(name: .long, help: ArgumentHelp("With --broker: the credentials.json of `hatchctl broker config` (each device logs in as itself).", valueName: "file"))
    var credentials: String?

    @Option(name: .long, help: ArgumentHelp(
        "Who answers the devices' shadow requests: internal (each device's own shadow, for a plain broker) or external "
            + "(the broker's side: AWS IoT Core, or `hatchctl shadow-service`; devices run their firmware only).",
        valueName: "internal|external"))
    var shadowService: ShadowServiceMode = .internal

    @Option(name: .long, help: ArgumentHelp(
        "With --broker mqtts://ENDPOINT and --shadow-service external: a folder with one folder per thing name holding "
            + "certificate.pem.crt and private.pem.key (AWS IoT Core's per-device X.509 identities).", valueName: "dir"))
    var certificates: String?

    @Option(name: .long, help: ArgumentHelp("With --certificates: the CA that signed the broker (the Amazon root CA, AmazonRootCA1.pem).",
                                            valueName: "file"))
    var caFile: String?

    /// Rejects combinations that make no sense, saying what to use instead.
    func validate(broker: String?) throws {
        if shadowService == .external && broker == nil {
            throw ValidationError("--shadow-service external runs devices only, for a broker whose shadow service answers: add --broker URL "
                + "(AWS IoT Core, or a broker with `hatchctl shadow-service` beside it).")
        }
        if certificates != nil || caFile != nil {
            guard let broker, broker.lowercased().hasPrefix("mqtts://") else {
                throw ValidationError("--certificates and --ca-file are for a TLS broker of your own: add --broker mqtts://ENDPOINT:8883 (or :443).")
            }
            if certificates == nil { throw ValidationError("--ca-file goes with --certificates DIR (one certificate and key per thing).") }
            if credentials != nil { throw ValidationError("--certificates and --credentials are two ways to log in; give one.") }
            if shadowService != .external {
                throw ValidationError("--certificates is for AWS IoT Core, whose shadow service answers for the devices: add --shadow-service external.")
            }
        }
        if dev && (tls || clientCertificates || credentials != nil) {
            throw ValidationError("--dev is the anonymous private broker; it cannot be combined with --tls, --client-certificates or --credentials.")
        }
        if clientCertificates && !tls { throw ValidationError("--client-certificates needs --tls.") }
        if credentials != nil && broker == nil {
            throw ValidationError("--credentials is for a broker of your own (--broker URL); the private broker makes its own credentials.")
        }
        if broker != nil && (tls || dev) {
            throw ValidationError("--tls and --dev configure the private broker; with --broker, use an mqtts:// URL and --credentials instead.")
        }
    }
}

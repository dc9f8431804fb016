import ArgumentParser
import HatchDeviceSimulator
import HatchFleetService

/// How `hatchctl fleet run` secures its broker: by default a private mosquitto with a generated
/// password file and ACL (each device logs in as itself); `--tls` adds TLS; `--dev` runs an
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

    /// The broker these options choose, with `broker` (`--broker`).
    func choice(broker: String?) -> FleetBrokerChoice {
        FleetBrokerChoice(broker: broker, dev: dev, tls: tls, clientCertificates: clientCertificates, credentials: credentials,
                          certificates: certificates, caFile: caFile, shadowService: shadowService)
    }

    /// Rejects combinations that make no sense, saying what to use instead.
    func validate(broker: String?) throws {
        if let problem = choice(broker: broker).problem { throw ValidationError(problem) }
    }
}

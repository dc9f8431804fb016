import ArgumentParser

/// How `hatchctl fleet run` secures its broker: by default a private mosquitto with a generated
/// password file and ACL (each device logs in as itself); `--tls` adds TLS; `--dev` keeps the old
/// anonymous loopback broker; `--credentials` logs in to a `--broker` configured with `broker config`.
struct FleetSecurityOptions: ParsableArguments {
    @Flag(name: .long, help: "Private broker without passwords or ACL (anonymous, loopback only), for quick trials.")
    var dev = false

    @Flag(name: .long, help: "Private broker over TLS only, with a generated CA; devices and hatchctl use mqtts://.")
    var tls = false

    @Flag(name: .long, help: "With --tls: every client also presents a certificate signed by the generated CA.")
    var clientCertificates = false

    @Option(name: .long, help: ArgumentHelp("With --broker: the credentials.json of `hatchctl broker config` (each device logs in as itself).", valueName: "file"))
    var credentials: String?

    /// Rejects combinations that make no sense, saying what to use instead.
    func validate(broker: String?) throws {
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

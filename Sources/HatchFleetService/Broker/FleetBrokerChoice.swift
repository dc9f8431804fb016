import HatchDeviceSimulator

/// Which broker a fleet uses and how its devices log in, as `hatchctl fleet run`'s options say it:
/// the private broker (locked down, `tls`, `clientCertificates`, or anonymous with `dev`), or a broker
/// of your own (`broker`) with a credentials file or a certificate per device.
package struct FleetBrokerChoice: Sendable, Equatable {
    /// A broker of your own, or `nil` for the private one.
    package var broker: String?
    /// The private broker without passwords or ACL.
    package var dev: Bool
    /// The private broker over TLS only.
    package var tls: Bool
    /// With `tls`: every client presents a certificate.
    package var clientCertificates: Bool
    /// With `broker`: the credentials file of `hatchctl broker config`.
    package var credentials: String?
    /// With `broker` (AWS IoT Core): a folder with one certificate and key per thing name.
    package var certificates: String?
    /// With `certificates`: the CA that signed the broker.
    package var caFile: String?
    /// Who answers the devices' shadow requests.
    package var shadowService: ShadowServiceMode

    /// A choice; every option off means the locked-down private broker.
    package init(broker: String? = nil, dev: Bool = false, tls: Bool = false, clientCertificates: Bool = false, credentials: String? = nil,
                 certificates: String? = nil, caFile: String? = nil, shadowService: ShadowServiceMode = .internal) {
        self.broker = broker
        self.dev = dev
        self.tls = tls
        self.clientCertificates = clientCertificates
        self.credentials = credentials
        self.certificates = certificates
        self.caFile = caFile
        self.shadowService = shadowService
    }

    /// What is wrong with the combination and what to give instead, or `nil` when it makes sense.
    package var problem: String? {
        if shadowService == .external && broker == nil {
            return "--shadow-service external runs devices only, for a broker whose shadow service answers: add --broker URL "
                + "(AWS IoT Core, or a broker with `hatchctl shadow-service` beside it)."
        }
        if certificates != nil || caFile != nil {
            guard let broker, broker.lowercased().hasPrefix("mqtts://") else {
                return "--certificates and --ca-file are for a TLS broker of your own: add --broker mqtts://ENDPOINT:8883 (or :443)."
            }
            if certificates == nil { return "--ca-file goes with --certificates DIR (one certificate and key per thing)." }
            if credentials != nil { return "--certificates and --credentials are two ways to log in; give one." }
            if shadowService != .external {
                return "--certificates is for AWS IoT Core, whose shadow service answers for the devices: add --shadow-service external."
            }
        }
        if dev && (tls || clientCertificates || credentials != nil) {
            return "--dev is the anonymous private broker; it cannot be combined with --tls, --client-certificates or --credentials."
        }
        if clientCertificates && !tls { return "--client-certificates needs --tls." }
        if credentials != nil && broker == nil {
            return "--credentials is for a broker of your own (--broker URL); the private broker makes its own credentials."
        }
        if broker != nil && (tls || dev) {
            return "--tls and --dev configure the private broker; with --broker, use an mqtts:// URL and --credentials instead."
        }
        return nil
    }
}

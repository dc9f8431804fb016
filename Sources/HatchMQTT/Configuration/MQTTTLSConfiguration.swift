/// TLS settings: the CA that signed the broker's certificate and, for mutual TLS (AWS IoT Core), the
/// client's certificate and private key. All are PEM file paths.
public struct MQTTTLSConfiguration: Sendable, Hashable {
    /// PEM file of the certificate authority (or authorities) that signed the broker certificate.
    public var caFile: String? = nil
    /// Folder of hashed CA certificates, as OpenSSL's `c_rehash` lays them out (alternative to `caFile`).
    public var caDirectory: String? = nil
    /// PEM file of the client certificate, for brokers that require one.
    public var certificateFile: String? = nil
    /// PEM file of the client's private key (unencrypted).
    public var keyFile: String? = nil
    /// Skips the check that the broker certificate names the host. Only for tests; never in production.
    public var allowsHostnameMismatch: Bool = false
    /// ALPN protocol to offer, e.g. `"x-amzn-mqtt-ca"` for AWS IoT Core on port 443.
    public var alpn: String? = nil

    /// Creates TLS settings.
    public init(
        caFile: String? = nil,
        caDirectory: String? = nil,
        certificateFile: String? = nil,
        keyFile: String? = nil,
        allowsHostnameMismatch: Bool = false,
        alpn: String? = nil
    ) {
        self.caFile = caFile
        self.caDirectory = caDirectory
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.allowsHostnameMismatch = allowsHostnameMismatch
        self.alpn = alpn
    }
}

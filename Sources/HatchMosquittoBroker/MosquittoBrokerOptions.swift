import Foundation

extension MosquittoBroker {
    /// How the private broker is configured: limits, authentication, TLS and persistence.
    ///
    /// The defaults give an anonymous, in-memory broker with no connection limit, which is what most
    /// integration tests want.
    public struct Options: Sendable {
        /// The broker's `max_connections`; `-1` means unlimited (needed for 10,000-session runs).
        public var maxConnections: Int = -1
        /// Username → password pairs. When non-empty the broker requires a valid username and password
        /// (a password file is generated with `mosquitto_passwd`) and refuses anonymous clients.
        public var users: [String: String] = [:]
        /// An extra TLS listener (reachable at ``MosquittoBroker/tlsURL``), or `nil` for plain MQTT only.
        public var tls: TLSListener? = nil
        /// Whether the broker also listens on a Unix domain socket in its folder (reachable at
        /// ``MosquittoBroker/unixSocketURL``): clients on this machine then connect without TCP, which
        /// costs the kernel about half as much per message and needs no local port.
        public var unixSocket: Bool = false
        /// Whether the broker persists sessions and retained messages to disk across ``MosquittoBroker/restart()``.
        public var persistence: Bool = false
        /// The soft open-file limit the broker starts with; `nil` raises it to the hard limit.
        public var fileDescriptorLimit: Int? = nil
        /// Extra lines appended verbatim to the generated `mosquitto.conf`.
        public var extraConfiguration: [String] = []
        /// How long ``MosquittoBroker/start(options:)`` waits for the port to accept connections.
        public var startupTimeout: Duration = .seconds(30)

        /// Creates the private broker's options; by default unlimited, anonymous plain TCP without persistence.
        public init(
            maxConnections: Int = -1,
            users: [String: String] = [:],
            tls: TLSListener? = nil,
            unixSocket: Bool = false,
            persistence: Bool = false,
            fileDescriptorLimit: Int? = nil,
            extraConfiguration: [String] = [],
            startupTimeout: Duration = .seconds(30)
        ) {
            self.maxConnections = maxConnections
            self.users = users
            self.tls = tls
            self.unixSocket = unixSocket
            self.persistence = persistence
            self.fileDescriptorLimit = fileDescriptorLimit
            self.extraConfiguration = extraConfiguration
            self.startupTimeout = startupTimeout
        }
    }

    /// A TLS listener: the CA that signed client certificates, the broker's own certificate and key.
    public struct TLSListener: Sendable {
        /// PEM file of the certificate authority the broker trusts for client certificates.
        public var caFile: String
        /// PEM file of the broker's certificate (its subject should name `127.0.0.1` or `localhost`).
        public var certificateFile: String
        /// PEM file of the broker's private key.
        public var keyFile: String
        /// Whether clients must present a certificate signed by `caFile` (mutual TLS, as AWS IoT Core does).
        public var requireClientCertificate: Bool = true

        /// Creates a TLS listener.
        public init(caFile: String, certificateFile: String, keyFile: String, requireClientCertificate: Bool = true) {
            self.caFile = caFile
            self.certificateFile = certificateFile
            self.keyFile = keyFile
            self.requireClientCertificate = requireClientCertificate
        }
    }
}

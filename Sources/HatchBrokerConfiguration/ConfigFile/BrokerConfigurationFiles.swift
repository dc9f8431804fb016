/// The names of the files inside a generated broker configuration folder, relative to it.
package enum BrokerConfigurationFiles {
    /// The broker's `mosquitto.conf`.
    package static let configuration = "mosquitto.conf"
    /// The mosquitto password file (mosquitto 2 hashes, 0600).
    package static let passwords = "passwords"
    /// The ACL file.
    package static let acl = "acl"
    /// The dynamic-security plugin's binding of each device's login to its client id (0600).
    package static let clientIDBinding = "client-ids.json"
    /// The CA certificate clients trust.
    package static let caCertificate = "tls/ca.crt"
    /// The broker's certificate.
    package static let serverCertificate = "tls/server.crt"
    /// The broker's private key (0600).
    package static let serverKey = "tls/server.key"
}

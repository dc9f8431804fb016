import Foundation
import HatchBrokerConfiguration

/// A throw-away PKI made by the broker configuration's certificate authority (the same code that
/// makes `hatchctl broker config --tls` files): a CA, a broker certificate for 127.0.0.1 and
/// localhost, and a client certificate, all signed by the CA.
struct TestCertificates {
    let directory: URL
    var caFile: String { path("tls/ca.crt") }
    var serverCertificate: String { path("tls/server.crt") }
    var serverKey: String { path("tls/server.key") }
    var clientCertificate: String { path(BrokerCertificateAuthority.clientFiles(for: Self.client).certificate) }
    var clientKey: String { path(BrokerCertificateAuthority.clientFiles(for: Self.client).key) }

    private static let client = "device-1"

    static func generate() throws -> TestCertificates {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-pki-\(UUID().uuidString.prefix(8))")
        let authority = BrokerCertificateAuthority(folder: directory)
        try authority.ensureCA(fleet: "test", rotate: false)
        try authority.makeServerCertificate(names: ["127.0.0.1", "localhost"])
        try authority.ensureClientCertificate(username: client, rotate: false)
        return TestCertificates(directory: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}

import Foundation
import HatchBrokerConfiguration
import HatchMosquittoBroker
import SwiftASN1
import Testing
import X509

/// The CA of a TLS broker configuration: certificates that chain to it, for the right names and uses.
@Suite("Certificate authority")
struct CertificateAuthorityTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("broker-ca-\(UUID().uuidString)", isDirectory: true)

    private func certificate(_ relativePath: String) throws -> Certificate {
        try Certificate(pemEncoded: String(contentsOf: folder.appendingPathComponent(relativePath), encoding: .utf8))
    }

    /// Whether `leaf` chains to `root`, and with `hostname` or `ip` names that server.
    private func validate(_ leaf: Certificate, trusting root: Certificate, hostname: String?, ip: String?) async -> Bool {
        let result: CertificateValidationResult
        if hostname == nil && ip == nil {
            var verifier = Verifier(rootCertificates: CertificateStore([root])) { RFC5280Policy() }
            result = await verifier.validate(leaf: leaf, intermediates: CertificateStore())
        } else {
            var verifier = Verifier(rootCertificates: CertificateStore([root])) {
                RFC5280Policy()
                ServerIdentityPolicy(serverHostname: hostname, serverIP: ip)
            }
            result = await verifier.validate(leaf: leaf, intermediates: CertificateStore())
        }
        guard case .validCertificate = result else { return false }
        return true
    }

    @Test("the server certificate chains to the CA and names its hosts and addresses; keys are 0600")
    func serverCertificate() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let authority = BrokerCertificateAuthority(folder: folder)
        #expect(try authority.ensureCA(fleet: "lab/north", rotate: false))
        try authority.makeServerCertificate(names: ["mosquitto", "127.0.0.1", "::1"])
        let ca = try certificate("tls/ca.crt"), server = try certificate("tls/server.crt")
        #expect(try ca.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        #expect(ca.subject.description.contains("Hatch fleet CA lab/north"), "\(ca.subject)")
        #expect(await validate(server, trusting: ca, hostname: "mosquitto", ip: nil))
        #expect(await validate(server, trusting: ca, hostname: nil, ip: "127.0.0.1"))
        #expect(await validate(server, trusting: ca, hostname: nil, ip: "::1"))
        #expect(await !validate(server, trusting: ca, hostname: "elsewhere.example", ip: nil), "a name the certificate does not hold")
        #expect(try server.extensions.extendedKeyUsage?.contains(.serverAuth) == true)
        for key in ["tls/ca.key", "tls/server.key"] {
            #expect(SecretFile.permissions(of: folder.appendingPathComponent(key)) == 0o600, "\(key)")
            let pem = try String(contentsOf: folder.appendingPathComponent(key), encoding: .utf8)
            #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"), "PKCS #8, as mosquitto's OpenSSL reads it")
            #expect(try Certificate.PrivateKey(pemEncoded: pem).publicKey == (key == "tls/ca.key" ? ca : server).publicKey)
        }
    }

    @Test("client certificates chain to the CA, are for client authentication, and are kept unless rotated")
    func clientCertificates() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let authority = BrokerCertificateAuthority(folder: folder)
        try authority.ensureCA(fleet: "lab", rotate: false)
        try authority.ensureClientCertificate(username: "restoreV5_a4c138000001", rotate: false)
        let files = BrokerCertificateAuthority.clientFiles(for: "restoreV5_a4c138000001")
        let client = try certificate(files.certificate), ca = try certificate("tls/ca.crt")
        #expect(await validate(client, trusting: ca, hostname: nil, ip: nil))
        #expect(try client.extensions.extendedKeyUsage?.contains(.clientAuth) == true)
        #expect(try client.extensions.basicConstraints == .notCertificateAuthority)
        #expect(client.subject.description.contains("restoreV5_a4c138000001"))
        #expect(SecretFile.permissions(of: folder.appendingPathComponent(files.key)) == 0o600)

        try authority.ensureClientCertificate(username: "restoreV5_a4c138000001", rotate: false)
        #expect(try certificate(files.certificate) == client, "kept")
        try authority.ensureClientCertificate(username: "restoreV5_a4c138000001", rotate: true)
        #expect(try certificate(files.certificate) != client, "rotated")
    }

    @Test("the CA is kept across runs unless rotated; a certificate of another CA does not verify")
    func rotation() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let authority = BrokerCertificateAuthority(folder: folder)
        try authority.ensureCA(fleet: "lab", rotate: false)
        let first = try certificate("tls/ca.crt")
        #expect(try !authority.ensureCA(fleet: "lab", rotate: false))
        #expect(try certificate("tls/ca.crt") == first)
        try authority.makeServerCertificate(names: [])
        let oldServer = try certificate("tls/server.crt")
        #expect(try authority.ensureCA(fleet: "lab", rotate: true))
        let second = try certificate("tls/ca.crt")
        #expect(second != first)
        #expect(await !validate(oldServer, trusting: second, hostname: "localhost", ip: nil), "signed by the rotated-out CA")
        #expect(await validate(oldServer, trusting: first, hostname: "localhost", ip: nil), "no names: localhost")
    }

    @Test("bad input: a damaged CA key says to rotate; a server name that is neither host nor address is refused")
    func badInput() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let authority = BrokerCertificateAuthority(folder: folder)
        try authority.ensureCA(fleet: "lab", rotate: false)
        let named = #expect(throws: BrokerConfigurationError.self) { try authority.makeServerCertificate(names: ["two words"]) }
        #expect(named?.description.contains("'two words'") == true, "\(String(describing: named))")
        try Data("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".utf8).write(to: authority.caKey)
        let damaged = #expect(throws: BrokerConfigurationError.self) { try authority.makeServerCertificate(names: ["localhost"]) }
        #expect(damaged?.description.contains("--rotate") == true, "\(String(describing: damaged))")
    }
}

import Crypto
import Foundation
import HatchMosquittoBroker
import SwiftASN1
import X509
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The TLS material of a broker configuration, made in process with swift-certificates: a CA, a
/// server certificate for the broker's names, and optionally one client certificate per identity.
///
/// Keys are elliptic-curve P-256 in PKCS #8 PEM and stay in the folder with mode 0600; certificates
/// are X.509 v3 signed with ECDSA-SHA256, which mosquitto's OpenSSL (and AWS IoT's clients) accept.
/// The CA is kept across runs (clients that trust it keep working) unless it is rotated; the server
/// certificate is made anew each time, so a change of `--server-name` takes effect.
package struct BrokerCertificateAuthority: Sendable {
    /// The configuration folder; TLS files go to its `tls/` subfolder.
    package let folder: URL

    /// Creates the certificate authority kept in `folder`.
    package init(folder: URL) {
        self.folder = folder
    }

    /// The folder of the TLS files.
    package var tlsFolder: URL { folder.appendingPathComponent("tls", isDirectory: true) }
    /// The CA's certificate (PEM), which clients trust.
    package var caCertificate: URL { tlsFolder.appendingPathComponent("ca.crt") }
    /// The CA's private key (PEM, 0600).
    package var caKey: URL { tlsFolder.appendingPathComponent("ca.key") }

    /// The path of a client certificate and its key, relative to the configuration folder.
    package static func clientFiles(for username: String) -> (certificate: String, key: String) {
        ("tls/clients/\(username).crt", "tls/clients/\(username).key")
    }

    /// Makes the CA unless one exists (or `rotate`); returns whether it is new.
    @discardableResult
    package func ensureCA(fleet: String, rotate: Bool, now: Date = Date()) throws(BrokerConfigurationError) -> Bool {
        try Self.makeFolder(tlsFolder, hint: "Check that the folder is writable.")
        let exists = FileManager.default.fileExists(atPath: caCertificate.path) && FileManager.default.fileExists(atPath: caKey.path)
        if exists && !rotate { return false }
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let name = try Self.name("Hatch fleet CA \(fleet)")
        let certificate = try Self.certificate {
            let keyIdentifier = SubjectKeyIdentifier(hash: key.publicKey)
            return try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
                notValidBefore: now.addingTimeInterval(-300), notValidAfter: now.addingTimeInterval(Self.days(3650)),
                issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                    Critical(KeyUsage(digitalSignature: true, keyCertSign: true, cRLSign: true))
                    keyIdentifier
                    AuthorityKeyIdentifier(keyIdentifier: keyIdentifier.keyIdentifier)
                },
                issuerPrivateKey: key)
        }
        try write(key: key, to: caKey)
        try write(certificate, to: caCertificate)
        return true
    }

    /// Makes the broker's certificate for `names` (host names and IP addresses clients connect to).
    package func makeServerCertificate(names: [String], now: Date = Date()) throws(BrokerConfigurationError) {
        let names = names.isEmpty ? ["localhost"] : names
        let alternatives = try names.map { name throws(BrokerConfigurationError) in try Self.generalName(name) }
        try sign(commonName: names[0], certificate: tlsFolder.appendingPathComponent("server.crt"),
                 key: tlsFolder.appendingPathComponent("server.key"), usage: .serverAuth, alternativeNames: alternatives, now: now)
    }

    /// Makes a client certificate whose common name is `username`, unless one exists (or `rotate`).
    package func ensureClientCertificate(username: String, rotate: Bool, now: Date = Date()) throws(BrokerConfigurationError) {
        let files = Self.clientFiles(for: username)
        let certificate = folder.appendingPathComponent(files.certificate), key = folder.appendingPathComponent(files.key)
        if !rotate && FileManager.default.fileExists(atPath: certificate.path) && FileManager.default.fileExists(atPath: key.path) { return }
        try Self.makeFolder(certificate.deletingLastPathComponent(), hint: "Check that the folder is writable.")
        try sign(commonName: username, certificate: certificate, key: key, usage: .clientAuth, alternativeNames: [], now: now)
    }

    /// Creates `url` (and its parents) with mode 0700 when missing.
    package static func makeFolder(_ url: URL, hint: String) throws(BrokerConfigurationError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(path: url.path, reason: error.localizedDescription, hint: hint)
        }
    }

    /// Signs a new key's certificate with the CA: valid 825 days (what TLS clients accept for a leaf).
    private func sign(commonName: String, certificate: URL, key: URL, usage: ExtendedKeyUsage.Usage,
                      alternativeNames: [GeneralName], now: Date) throws(BrokerConfigurationError) {
        let authority = try loadCA()
        let leafKey = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let subject = try Self.name(commonName)
        let made = try Self.certificate {
            let authorityKeyIdentifier = try authority.certificate.extensions.subjectKeyIdentifier?.keyIdentifier
                ?? SubjectKeyIdentifier(hash: authority.certificate.publicKey).keyIdentifier
            return try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: leafKey.publicKey,
                notValidBefore: now.addingTimeInterval(-300), notValidAfter: now.addingTimeInterval(Self.days(825)),
                issuer: authority.certificate.subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.notCertificateAuthority)
                    Critical(KeyUsage(digitalSignature: true))
                    try ExtendedKeyUsage([usage])
                    SubjectKeyIdentifier(hash: leafKey.publicKey)
                    AuthorityKeyIdentifier(keyIdentifier: authorityKeyIdentifier)
                    if !alternativeNames.isEmpty { SubjectAlternativeNames(alternativeNames) }
                },
                issuerPrivateKey: authority.key)
        }
        try write(key: leafKey, to: key)
        try write(made, to: certificate)
    }

    /// The CA's certificate and key as written by ``ensureCA(fleet:rotate:now:)``.
    private func loadCA() throws(BrokerConfigurationError) -> (certificate: Certificate, key: Certificate.PrivateKey) {
        do {
            let certificate = try Certificate(pemEncoded: String(contentsOf: caCertificate, encoding: .utf8))
            let key = try Certificate.PrivateKey(pemEncoded: String(contentsOf: caKey, encoding: .utf8))
            guard key.publicKey == certificate.publicKey else {
                throw BrokerConfigurationError.certificate("\(caKey.path) is not the key of \(caCertificate.path).")
            }
            return (certificate, key)
        } catch {
            throw .certificate("Cannot read the CA in \(tlsFolder.path) (\(error)). Pass --rotate to make the TLS files anew.")
        }
    }

    private func write(key: Certificate.PrivateKey, to url: URL) throws(BrokerConfigurationError) {
        do {
            try SecretFile.write(Data((key.serializeAsPEM().pemString + "\n").utf8), to: url)
        } catch {
            throw .unwritable(path: url.path, reason: "\(error)", hint: "Check that the folder is writable.")
        }
    }

    private func write(_ certificate: Certificate, to url: URL) throws(BrokerConfigurationError) {
        do {
            try Data((certificate.serializeAsPEM().pemString + "\n").utf8).write(to: url, options: .atomic)
        } catch {
            throw .unwritable(path: url.path, reason: "\(error)", hint: "Check that the folder is writable.")
        }
    }

    /// Runs `make`, turning a swift-certificates error into one that says what to do.
    private static func certificate(_ make: () throws -> Certificate) throws(BrokerConfigurationError) -> Certificate {
        do {
            return try make()
        } catch let error as BrokerConfigurationError {
            throw error
        } catch {
            throw .certificate("Cannot make a certificate (\(error)). Pass --rotate to make the TLS files anew.")
        }
    }

    /// A distinguished name of one common name (at most 64 characters, as X.520 allows).
    private static func name(_ commonName: String) throws(BrokerConfigurationError) -> DistinguishedName {
        let safe = String(commonName.unicodeScalars.filter { $0.properties.generalCategory != .control }.prefix(64).map(Character.init))
        do {
            return try DistinguishedName { CommonName(safe.isEmpty ? "hatch" : safe) }
        } catch {
            throw .certificate("'\(commonName)' cannot be a certificate's common name (\(error)).")
        }
    }

    private static func generalName(_ name: String) throws(BrokerConfigurationError) -> GeneralName {
        if let bytes = addressBytes(name) { return .ipAddress(ASN1OctetString(contentBytes: bytes[...])) }
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw .certificate("--server-name '\(name)' is neither a host name nor an IP address.")
        }
        return .dnsName(name)
    }

    /// The 4 or 16 bytes of an IPv4 or IPv6 address, or `nil` for anything else.
    private static func addressBytes(_ name: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, name, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    private static func days(_ count: Int) -> TimeInterval { TimeInterval(count) * 86_400 }
}

import Foundation
import HatchMosquittoBroker

/// The TLS material of a broker configuration, made with the `openssl` command-line tool: a CA, a
/// server certificate for the broker's names, and optionally one client certificate per identity.
///
/// Keys are elliptic-curve P-256 and stay in the folder with mode 0600. The CA is kept across runs
/// (clients that trust it keep working) unless it is rotated; the server certificate is made anew
/// each time, so a change of `--server-name` takes effect.
struct BrokerCertificateAuthority {
    /// The configuration folder; TLS files go to its `tls/` subfolder.
    let folder: URL

    var tlsFolder: URL { folder.appendingPathComponent("tls", isDirectory: true) }
    var caCertificate: URL { tlsFolder.appendingPathComponent("ca.crt") }
    var caKey: URL { tlsFolder.appendingPathComponent("ca.key") }

    /// The path of a client certificate and its key, relative to the configuration folder.
    static func clientFiles(for username: String) -> (certificate: String, key: String) {
        ("tls/clients/\(username).crt", "tls/clients/\(username).key")
    }

    /// Makes the CA unless one exists (or `rotate`); returns whether it is new.
    @discardableResult
    func ensureCA(fleet: String, rotate: Bool) throws(HatchctlError) -> Bool {
        try makeFolder(tlsFolder)
        let exists = FileManager.default.fileExists(atPath: caCertificate.path) && FileManager.default.fileExists(atPath: caKey.path)
        if exists && !rotate { return false }
        try openssl(["req", "-x509"] + Self.newKey + ["-keyout", caKey.path, "-out", caCertificate.path, "-days", "3650",
                     "-subj", "/CN=Hatch fleet CA \(Self.subjectSafe(fleet))"])
        return true
    }

    /// Makes the broker's certificate for `names` (host names and IP addresses clients connect to).
    func makeServerCertificate(names: [String]) throws(HatchctlError) {
        let names = names.isEmpty ? ["localhost"] : names
        let alternatives = names.map { Self.isIPAddress($0) ? "IP:\($0)" : "DNS:\($0)" }.joined(separator: ",")
        try sign(subject: "/CN=\(Self.subjectSafe(names[0]))", certificate: tlsFolder.appendingPathComponent("server.crt"),
                 key: tlsFolder.appendingPathComponent("server.key"),
                 extensions: "subjectAltName=\(alternatives)\nextendedKeyUsage=serverAuth\n", days: 825)
    }

    /// Makes a client certificate whose common name is `username`, unless one exists (or `rotate`).
    func ensureClientCertificate(username: String, rotate: Bool) throws(HatchctlError) {
        let files = Self.clientFiles(for: username)
        let certificate = folder.appendingPathComponent(files.certificate), key = folder.appendingPathComponent(files.key)
        if !rotate && FileManager.default.fileExists(atPath: certificate.path) && FileManager.default.fileExists(atPath: key.path) { return }
        try makeFolder(certificate.deletingLastPathComponent())
        try sign(subject: "/CN=\(Self.subjectSafe(username))", certificate: certificate, key: key,
                 extensions: "extendedKeyUsage=clientAuth\n", days: 825)
    }

    private static let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]

    private func sign(subject: String, certificate: URL, key: URL, extensions: String, days: Int) throws(HatchctlError) {
        let request = certificate.deletingPathExtension().appendingPathExtension("csr")
        let extensionFile = certificate.deletingPathExtension().appendingPathExtension("ext")
        defer {
            try? FileManager.default.removeItem(at: request)
            try? FileManager.default.removeItem(at: extensionFile)
        }
        do {
            try extensions.write(to: extensionFile, atomically: true, encoding: .utf8)
        } catch {
            throw .invalidArgument("Cannot write \(extensionFile.path): \(error.localizedDescription). Check that the folder is writable.")
        }
        try? FileManager.default.removeItem(at: key)
        try openssl(["req"] + Self.newKey + ["-keyout", key.path, "-out", request.path, "-subj", subject])
        try openssl(["x509", "-req", "-in", request.path, "-CA", caCertificate.path, "-CAkey", caKey.path,
                     "-set_serial", "0x" + Self.randomSerial(), "-out", certificate.path, "-days", String(days), "-extfile", extensionFile.path])
    }

    /// Runs openssl with a private umask-free result: every key file is set to 0600 afterwards.
    private func openssl(_ arguments: [String]) throws(HatchctlError) {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .invalidArgument("Cannot run openssl (\(error)). Install it (`apt-get install openssl`, or `make deps`) for --tls.")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        for (index, argument) in arguments.enumerated() where argument == "-keyout" && index + 1 < arguments.count {
            chmod(arguments[index + 1], 0o600)
        }
        chmod(caKey.path, 0o600)
        guard process.terminationStatus == 0 else {
            let detail = message.split(separator: "\n").prefix(3).joined(separator: "; ")
            throw .invalidArgument("openssl \(arguments.first ?? "") failed with status \(process.terminationStatus) (\(detail)). "
                + "Install openssl (`make deps`) or pass --rotate to make the TLS files anew.")
        }
    }

    private func makeFolder(_ url: URL) throws(HatchctlError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .invalidArgument("Cannot create \(url.path): \(error.localizedDescription). Check that the folder is writable.")
        }
    }

    private static func randomSerial() -> String {
        (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }

    static func isIPAddress(_ name: String) -> Bool {
        name.contains(":") || (name.split(separator: ".").count == 4 && name.allSatisfy { $0.isNumber || $0 == "." })
    }

    /// A value safe inside an openssl `-subj` (which treats `/` and `=` as separators).
    private static func subjectSafe(_ text: String) -> String {
        String(text.map { "/=\\,+\n\r".contains($0) ? "-" : $0 }.prefix(60))
    }
}

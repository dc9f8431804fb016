import Foundation
import HatchMosquittoBroker

/// A throw-away PKI made with the openssl CLI: a CA, a broker certificate for 127.0.0.1 and a
/// client certificate, all signed by the CA.
struct TestCertificates {
    let directory: URL
    var caFile: String { path("ca.crt") }
    var serverCertificate: String { path("server.crt") }
    var serverKey: String { path("server.key") }
    var clientCertificate: String { path("client.crt") }
    var clientKey: String { path("client.key") }

    static func generate() throws -> TestCertificates {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-pki-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let pki = TestCertificates(directory: directory)
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\n".write(to: directory.appendingPathComponent("server.ext"), atomically: true, encoding: .utf8)
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try pki.openssl(["req", "-x509"] + key + ["-keyout", "ca.key", "-out", "ca.crt", "-days", "2", "-subj", "/CN=Hatch Test CA"])
        for (name, subject) in [("server", "/CN=127.0.0.1"), ("client", "/CN=device-1")] {
            try pki.openssl(["req"] + key + ["-keyout", "\(name).key", "-out", "\(name).csr", "-subj", subject])
            var sign = ["x509", "-req", "-in", "\(name).csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
                        "-out", "\(name).crt", "-days", "2"]
            if name == "server" { sign += ["-extfile", "server.ext"] }
            try pki.openssl(sign)
        }
        return pki
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func openssl(_ arguments: [String]) throws {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "openssl \(arguments.joined(separator: " ")) failed"])
        }
    }
}

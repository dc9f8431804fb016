import Foundation
import HatchMosquittoBroker
import HatchServiceSupport

/// The broker that `hatchctl fleet run` records so that every other `hatchctl` command finds the
/// running fleet without flags: its address and, for a locked-down broker, the controller's
/// credentials and the CA that signed the broker's certificate.
///
/// The file is `$HATCH_HOME/broker.json` when `HATCH_HOME` is set, otherwise `~/.hatch/broker.json`,
/// with mode 0600 since it may hold a password: `{"url": "mqtt://127.0.0.1:PORT"}`, plus `username`,
/// `password`, `caFile`, `certificateFile` and `keyFile` when the broker needs them.
package struct BrokerRecord: Codable, Equatable, Sendable {
    /// The broker URL, e.g. `mqtt://127.0.0.1:18830`.
    package var url: String
    /// The controller's username, for a broker that refuses anonymous clients.
    package var username: String? = nil
    /// The controller's password.
    package var password: String? = nil
    /// The CA file that signed the broker's certificate (for `mqtts://`).
    package var caFile: String? = nil
    /// The controller's client certificate, for a broker that requires one.
    package var certificateFile: String? = nil
    /// The client certificate's private key.
    package var keyFile: String? = nil

    /// Creates a broker record.
    package init(
        url: String,
        username: String? = nil,
        password: String? = nil,
        caFile: String? = nil,
        certificateFile: String? = nil,
        keyFile: String? = nil
    ) {
        self.url = url
        self.username = username
        self.password = password
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }

    /// The folder that holds `hatchctl`'s records: `$HATCH_HOME`, or `~/.hatch`.
    package static func homeDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let home = environment["HATCH_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".hatch", isDirectory: true)
    }

    /// Where the record lives.
    package static func fileURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        homeDirectory(environment: environment).appendingPathComponent("broker.json")
    }

    /// Reads the record, or returns `nil` when no fleet has recorded one.
    package static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> BrokerRecord? {
        let url = fileURL(environment: environment)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try JSONDecoder().decode(BrokerRecord.self, from: Data(contentsOf: url))
        } catch {
            // The reason names keys and types only (never the file's values, which may include a password).
            throw FleetControlError.brokerRecordUnreadable(path: url.path, reason: DecodingFailure.shape(of: error))
        }
    }

    /// Writes the record atomically with mode 0600 (used by `hatchctl fleet run`).
    package func save(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let url = Self.fileURL(environment: environment)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try SecretFile.write(try encoder.encode(self), to: url)
    }

    /// Removes the record (used by `hatchctl fleet run` when it stops), ignoring a missing file.
    package static func remove(environment: [String: String] = ProcessInfo.processInfo.environment) {
        try? FileManager.default.removeItem(at: fileURL(environment: environment))
    }
}

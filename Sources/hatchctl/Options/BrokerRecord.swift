import Foundation

/// The broker address that `hatchctl fleet run` records so that every other `hatchctl` command finds
/// the running fleet without a `--broker` flag.
///
/// The file is `$HATCH_HOME/broker.json` when `HATCH_HOME` is set, otherwise `~/.hatch/broker.json`,
/// and holds exactly `{"url": "mqtt://127.0.0.1:PORT"}`.
struct BrokerRecord: Codable, Equatable, Sendable {
    /// The broker URL, e.g. `mqtt://127.0.0.1:18830`.
    var url: String

    /// The folder that holds `hatchctl`'s records: `$HATCH_HOME`, or `~/.hatch`.
    static func homeDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let home = environment["HATCH_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".hatch", isDirectory: true)
    }

    /// Where the record lives.
    static func fileURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        homeDirectory(environment: environment).appendingPathComponent("broker.json")
    }

    /// Reads the record, or returns `nil` when no fleet has recorded one.
    static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> BrokerRecord? {
        let url = fileURL(environment: environment)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try JSONDecoder().decode(BrokerRecord.self, from: Data(contentsOf: url))
        } catch {
            throw HatchctlError.brokerRecordUnreadable(path: url.path, reason: "\(error)")
        }
    }

    /// Writes the record atomically (used by `hatchctl fleet run`).
    func save(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let url = Self.fileURL(environment: environment)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(self).write(to: url, options: .atomic)
    }

    /// Removes the record (used by `hatchctl fleet run` when it stops), ignoring a missing file.
    static func remove(environment: [String: String] = ProcessInfo.processInfo.environment) {
        try? FileManager.default.removeItem(at: fileURL(environment: environment))
    }
}

import Foundation

/// The on-disk cache in the build folder: per-file summaries keyed by content hash, and the last whole
/// report keyed by the hash of every (path, content hash) pair, so an unchanged tree is answered by
/// hashing files and reading one small file.
public struct AnalysisCache: Sendable {
    /// Bumped whenever what a summary or report holds changes, so old caches are ignored.
    static let formatVersion = 4

    /// The cache folder.
    public let directory: String

    /// Creates a cache in the folder (created on first write).
    public init(directory: String) {
        self.directory = directory
    }

    private var summariesPath: String { directory + "/summaries.json" }
    private var reportPath: String { directory + "/report.json" }

    private struct StoredSummaries: Codable {
        var formatVersion: Int
        var entries: [String: Entry]

        struct Entry: Codable {
            var hash: String
            var summary: SourceFileSummary
        }
    }

    private struct StoredReport: Codable {
        var formatVersion: Int
        var inputKey: String
        var report: AnalysisReport
    }

    /// The cached report for this exact input, if any.
    public func report(forInputKey key: String) -> AnalysisReport? {
        guard let data = FileManager.default.contents(atPath: reportPath),
              let stored = try? JSONDecoder().decode(StoredReport.self, from: data),
              stored.formatVersion == Self.formatVersion, stored.inputKey == key else { return nil }
        return stored.report
    }

    /// Cached summaries by path, each with the content hash it was read from.
    public func summaries() -> [String: (hash: String, summary: SourceFileSummary)] {
        guard let data = FileManager.default.contents(atPath: summariesPath),
              let stored = try? JSONDecoder().decode(StoredSummaries.self, from: data),
              stored.formatVersion == Self.formatVersion else { return [:] }
        return stored.entries.mapValues { ($0.hash, $0.summary) }
    }

    /// Stores the summaries and the report.
    public func store(summaries: [(path: String, hash: String, summary: SourceFileSummary)], report: AnalysisReport, inputKey: String) throws(AnalyzerError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            var entries: [String: StoredSummaries.Entry] = [:]
            for item in summaries { entries[item.path] = .init(hash: item.hash, summary: item.summary) }
            try encoder.encode(StoredSummaries(formatVersion: Self.formatVersion, entries: entries)).write(to: URL(fileURLWithPath: summariesPath), options: .atomic)
            try encoder.encode(StoredReport(formatVersion: Self.formatVersion, inputKey: inputKey, report: report)).write(to: URL(fileURLWithPath: reportPath), options: .atomic)
        } catch {
            throw .cannotWrite(directory, reason: "\(error)")
        }
    }
}

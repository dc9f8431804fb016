import Foundation

/// The on-disk cache in the build folder: per-file summaries keyed by content hash (in a few chunk files,
/// encoded and decoded in parallel), and the last whole report keyed by the hash of every (path, content
/// hash) pair, so an unchanged tree is answered by hashing files and reading one small file.
public struct AnalysisCache: Sendable {
    /// Bumped whenever what a summary or report holds changes, so old caches are ignored.
    static let formatVersion = 5

    /// The cache folder.
    public let directory: String

    /// Creates a cache in the folder (created on first write).
    public init(directory: String) {
        self.directory = directory
    }

    /// How many files the summaries are split into, so they encode and decode on every core.
    static let chunkCount = 4

    private func summariesPath(_ chunk: Int) -> String { directory + "/summaries-\(chunk).json" }
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
        let chunks: [[String: StoredSummaries.Entry]?] = ParallelMap.map(count: Self.chunkCount) { chunk in
            guard let data = FileManager.default.contents(atPath: summariesPath(chunk)),
                  let stored = try? JSONDecoder().decode(StoredSummaries.self, from: data),
                  stored.formatVersion == Self.formatVersion else { return nil }
            return stored.entries
        }
        var result: [String: (hash: String, summary: SourceFileSummary)] = [:]
        for chunk in chunks {
            guard let chunk else { return [:] }
            for (path, entry) in chunk { result[path] = (entry.hash, entry.summary.settingPositionFile(path)) }
        }
        return result
    }

    /// Stores the summaries and the report (encoded in parallel).
    public func store(summaries: [(path: String, hash: String, summary: SourceFileSummary)], report: AnalysisReport, inputKey: String) throws(AnalyzerError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(directory, reason: "\(error)")
        }
        let chunkCount = Self.chunkCount
        let failures: [String?] = ParallelMap.map(count: chunkCount + 1) { task in
            do {
                let data: Data
                let path: String
                if task == chunkCount {
                    data = try JSONEncoder().encode(StoredReport(formatVersion: Self.formatVersion, inputKey: inputKey, report: report))
                    path = reportPath
                } else {
                    var entries: [String: StoredSummaries.Entry] = [:]
                    for index in stride(from: task, to: summaries.count, by: chunkCount) {
                        let item = summaries[index]
                        entries[item.path] = .init(hash: item.hash, summary: item.summary.settingPositionFile(""))
                    }
                    data = try JSONEncoder().encode(StoredSummaries(formatVersion: Self.formatVersion, entries: entries))
                    path = summariesPath(task)
                }
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
                return nil
            } catch {
                return "\(error)"
            }
        }
        if let failure = failures.compactMap({ $0 }).first { throw .cannotWrite(directory, reason: failure) }
    }
}

import Foundation
import HatchMemberwiseInit

/// The on-disk cache in the build folder: per-file summaries keyed by content hash (in a few chunk files,
/// encoded and decoded in parallel), and the last whole report keyed by the hash of every (path, content
/// hash) pair, so an unchanged tree is answered by hashing files and reading one small file.
@MemberwiseInit(.public)
public struct AnalysisCache: Sendable {
    /// Bumped whenever what a summary or report holds changes, so old caches are ignored.
    static let formatVersion = 6

    /// The cache folder.
    public let directory: String

    /// How many files the summaries are split into, so they encode and decode on every core.
    static let chunkCount = 4

    private func summariesPath(_ chunk: Int) -> String { directory + "/summaries-\(chunk).json" }
    private var reportPath: String { directory + "/report.json" }
    private var stampsPath: String { directory + "/file-stamps.tsv" }

    /// The content hash last computed for each file, with the stamp the file had then. Stored as
    /// tab-separated lines (`path, size, seconds, nanoseconds, inode, hash`) because it is read on every run.
    public func fileHashes() -> [String: (stamp: FileStampValue, hash: String)] {
        guard let data = FileManager.default.contents(atPath: stampsPath) else { return [:] }
        return data.withUnsafeBytes { raw -> [String: (stamp: FileStampValue, hash: String)] in
            let bytes = raw.bindMemory(to: UInt8.self)
            let header = Array("v\(Self.formatVersion)\n".utf8)
            guard bytes.count >= header.count, Array(bytes[0..<header.count]) == header else { return [:] }
            var result: [String: (stamp: FileStampValue, hash: String)] = [:]
            var fields: [Range<Int>] = []
            fields.reserveCapacity(6)
            var fieldStart = header.count
            for index in header.count..<bytes.count {
                let byte = bytes[index]
                guard byte == 9 || byte == 10 else { continue }
                fields.append(fieldStart..<index)
                fieldStart = index + 1
                guard byte == 10 else { continue }
                if fields.count == 6,
                   let size = Self.integer(bytes, fields[1]), let seconds = Self.integer(bytes, fields[2]),
                   let nanoseconds = Self.integer(bytes, fields[3]), let inode = Self.integer(bytes, fields[4]) {
                    let path = String(decoding: UnsafeBufferPointer(rebasing: bytes[fields[0]]), as: UTF8.self)
                    let hash = String(decoding: UnsafeBufferPointer(rebasing: bytes[fields[5]]), as: UTF8.self)
                    result[path] = (FileStampValue(size: size, modifiedSeconds: seconds, modifiedNanoseconds: nanoseconds, inode: UInt64(bitPattern: inode)), hash)
                }
                fields.removeAll(keepingCapacity: true)
            }
            return result
        }
    }

    /// A decimal integer (optionally negative) from a byte range, without building a string.
    private static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int64? {
        guard !range.isEmpty else { return nil }
        var value: Int64 = 0
        var negative = false
        for index in range {
            let byte = bytes[index]
            if byte == 45, index == range.lowerBound { negative = true; continue }
            guard byte >= 48, byte <= 57 else { return nil }
            value = value &* 10 &+ Int64(byte - 48)
        }
        return negative ? -value : value
    }

    /// Stores the hash of every file with its stamp.
    public func storeFileHashes(_ entries: [(path: String, stamp: FileStampValue, hash: String)]) throws(AnalyzerError) {
        var text = "v\(Self.formatVersion)\n"
        for entry in entries where !entry.path.contains("\t") && !entry.path.contains("\n") {
            text += "\(entry.path)\t\(entry.stamp.size)\t\(entry.stamp.modifiedSeconds)\t\(entry.stamp.modifiedNanoseconds)\t\(Int64(bitPattern: entry.stamp.inode))\t\(entry.hash)\n"
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: stampsPath), options: .atomic)
        } catch {
            throw .cannotWrite(stampsPath, reason: "\(error)")
        }
    }

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

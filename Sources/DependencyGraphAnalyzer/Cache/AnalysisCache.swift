import Foundation
import HatchMemberwiseInit

/// The on-disk cache in the build folder: per-file summaries keyed by content hash (in a few chunk files,
/// encoded and decoded in parallel), and the last whole report keyed by the hash of every (path, content
/// hash) pair, so an unchanged tree is answered by hashing files and reading one small file.
///
/// Summaries and the report are stored in a compact binary form of the analyzer's own, framed by a
/// magic number, the format version, the body's length and a checksum: a file from another version, cut
/// short or damaged is a cache miss, never a crash.
@MemberwiseInit(.public)
public struct AnalysisCache: Sendable {
    /// Bumped whenever what a summary or report holds changes, so old caches are ignored.
    static let formatVersion = 8

    /// The cache folder.
    public let directory: String

    /// How many files the summaries are split into, so they encode and decode on every core.
    static let chunkCount = 4

    private func summariesPath(_ chunk: Int) -> String { directory + "/summaries-\(chunk).bin" }
    private var reportPath: String { directory + "/report.bin" }
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
        var text = CacheWriter(reservingCapacity: entries.count * 96)
        text.append(raw: "v\(Self.formatVersion)\n".utf8)
        for entry in entries where !entry.path.utf8.contains(9) && !entry.path.utf8.contains(10) {
            text.append(raw: entry.path.utf8)
            for number in [entry.stamp.size, entry.stamp.modifiedSeconds, entry.stamp.modifiedNanoseconds, Int64(bitPattern: entry.stamp.inode)] {
                text.append(raw: CollectionOfOne(9))
                text.append(raw: String(number).utf8)
            }
            text.append(raw: CollectionOfOne(9))
            text.append(raw: entry.hash.utf8)
            text.append(raw: CollectionOfOne(10))
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(text.bytes).write(to: URL(fileURLWithPath: stampsPath), options: .atomic)
        } catch {
            throw .cannotWrite(stampsPath, reason: "\(error)")
        }
    }

    /// The cached report for this exact input, if any.
    public func report(forInputKey key: String) -> AnalysisReport? {
        guard let data = FileManager.default.contents(atPath: reportPath) else { return nil }
        return Self.readFramed(data) { reader throws(CacheReader.Damaged) in
            guard try reader.string() == key else { return nil }
            return try reader.report()
        } ?? nil
    }

    /// Cached summaries by path, each with the content hash it was read from; empty unless every chunk reads.
    public func summaries() -> [String: (hash: String, summary: SourceFileSummary)] {
        let chunks: [[(path: String, hash: String, summary: SourceFileSummary)]?] = ParallelMap.map(count: Self.chunkCount) { chunk in
            guard let data = FileManager.default.contents(atPath: summariesPath(chunk)) else { return nil }
            return Self.readFramed(data) { reader throws(CacheReader.Damaged) in
                try reader.array { reader throws(CacheReader.Damaged) in
                    let path = try reader.string()
                    return (path, try reader.string(), try reader.summary(path: path))
                }
            }
        }
        var result: [String: (hash: String, summary: SourceFileSummary)] = [:]
        result.reserveCapacity(chunks.reduce(0) { $0 + ($1?.count ?? 0) })
        for chunk in chunks {
            guard let chunk else { return [:] }
            for entry in chunk { result[entry.path] = (entry.hash, entry.summary) }
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
            var body = CacheWriter(reservingCapacity: 1 << 20)
            let path: String
            if task == chunkCount {
                body.write(inputKey)
                body.write(report: report)
                path = reportPath
            } else {
                let indices = Array(stride(from: task, to: summaries.count, by: chunkCount))
                body.write(indices.count)
                for index in indices {
                    let item = summaries[index]
                    body.write(item.path)
                    body.write(item.hash)
                    body.write(summary: item.summary)
                }
                path = summariesPath(task)
            }
            do {
                try Data(Self.framed(body)).write(to: URL(fileURLWithPath: path), options: .atomic)
                return nil
            } catch {
                return "\(error)"
            }
        }
        if let failure = failures.compactMap({ $0 }).first { throw .cannotWrite(directory, reason: failure) }
    }

    /// The first bytes of every binary cache file.
    private static let magic: [UInt8] = Array("HDAC".utf8)

    /// `body` behind the magic number and format version, with its length, followed by its checksum.
    private static func framed(_ body: CacheWriter) -> [UInt8] {
        var file = CacheWriter(reservingCapacity: body.bytes.count + 32)
        file.append(raw: magic)
        file.write(formatVersion)
        file.write(body.bytes.count)
        file.append(raw: body.bytes)
        let checksum = body.bytes.withUnsafeBytes(ContentHasher.digest)
        file.append(raw: withUnsafeBytes(of: checksum.littleEndian) { Array($0) })
        return file.bytes
    }

    /// What `read` makes of the body of a framed file, or nil when the file is not one of this format
    /// version, is cut short, fails its checksum, or its body does not read to the end.
    private static func readFramed<Value>(_ data: Data, _ read: (inout CacheReader) throws(CacheReader.Damaged) -> Value) -> Value? {
        data.withUnsafeBytes { raw -> Value? in
            var frame = CacheReader(raw)
            do {
                guard Array(try frame.raw(count: magic.count)) == magic, try frame.int() == formatVersion else { return nil }
                let body = try frame.raw(count: try frame.int())
                let stored = try frame.raw(count: 8).loadUnaligned(as: UInt64.self)
                guard frame.isAtEnd, UInt64(littleEndian: stored) == ContentHasher.digest(body) else { return nil }
                var reader = CacheReader(body)
                let value = try read(&reader)
                return reader.isAtEnd ? value : nil
            } catch {
                return nil
            }
        }
    }
}

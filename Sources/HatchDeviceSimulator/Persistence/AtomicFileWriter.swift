#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Replaces a file so that a crash at any moment leaves either the old or the new file, never half
/// of one: write a temporary file in the same folder, fsync it, rename it over the target, fsync
/// the folder (so the rename itself is on disk).
enum AtomicFileWriter {
    /// The suffix of temporary files; files ending in it are leftovers of an interrupted write.
    static let temporarySuffix = ".tmp"
    /// The prefix of temporary files (hidden).
    static let temporaryPrefix = "."

    /// Whether `name` is a temporary file this writer creates.
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(temporaryPrefix) && name.hasSuffix(temporarySuffix)
    }

    /// Writes `data` to `url` atomically and durably; throws a sentence naming the failed step.
    /// With `syncingFolder: false` the rename is durable only once the caller fsyncs the folder
    /// (``syncFolder(_:)``): one fsync for a batch of files instead of one per file.
    static func write(_ data: Data, to url: URL, syncingFolder: Bool = true) throws(AtomicWriteError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent("\(temporaryPrefix)\(url.lastPathComponent).\(UUID().uuidString)\(temporarySuffix)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw AtomicWriteError(step: "create \(temporary.lastPathComponent)", errno: errno) }
        var written = 0
        let writeFailure: Int32? = data.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            while written < raw.count {
                let count = Glue.write(descriptor, base + written, raw.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return nil
        }
        if let writeFailure {
            close(descriptor)
            unlink(temporary.path)
            throw AtomicWriteError(step: "write \(temporary.lastPathComponent)", errno: writeFailure)
        }
        if fsync(descriptor) != 0 {
            let failure = errno
            close(descriptor)
            unlink(temporary.path)
            throw AtomicWriteError(step: "fsync \(temporary.lastPathComponent)", errno: failure)
        }
        close(descriptor)
        if rename(temporary.path, url.path) != 0 {
            let failure = errno
            unlink(temporary.path)
            throw AtomicWriteError(step: "rename over \(url.lastPathComponent)", errno: failure)
        }
        if syncingFolder { try syncFolder(folder) }
    }

    /// fsyncs a folder, so renames and removals in it survive a power cut.
    static func syncFolder(_ folder: URL) throws(AtomicWriteError) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AtomicWriteError(step: "open the folder", errno: errno) }
        defer { close(descriptor) }
        if fsync(descriptor) != 0 { throw AtomicWriteError(step: "fsync the folder", errno: errno) }
    }

    /// The C library's `write`, named apart from Swift's `write`.
    private enum Glue {
        static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
            #if canImport(Glibc)
            return Glibc.write(descriptor, buffer, count)
            #elseif canImport(Musl)
            return Musl.write(descriptor, buffer, count)
            #else
            return Darwin.write(descriptor, buffer, count)
            #endif
        }
    }
}

/// A step of an atomic write failed.
struct AtomicWriteError: Error, CustomStringConvertible {
    /// The step (`fsync the folder`).
    var step: String
    /// The C error number.
    var errno: Int32

    var description: String { "could not \(step): \(String(cString: strerror(errno)))" }
}

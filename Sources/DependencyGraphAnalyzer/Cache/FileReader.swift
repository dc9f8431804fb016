#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with POSIX calls (no Foundation round-trips), returning `nil` with the reason on failure.
enum FileReader {
    static func read(_ path: String) -> Result<[UInt8], ReadFailure> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(ReadFailure(reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(ReadFailure(reason: String(cString: strerror(errno)))) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                posixRead(descriptor, buffer.baseAddress! + total, buffer.count - total)
            }
            if count < 0 { return .failure(ReadFailure(reason: String(cString: strerror(errno)))) }
            if count == 0 { break }
            total += count
        }
        if total < bytes.count { bytes.removeLast(bytes.count - total) }
        return .success(bytes)
    }

    /// Why a file could not be read.
    struct ReadFailure: Error {
        var reason: String
    }
}

/// The C `read`, named apart from `FileReader.read`.
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

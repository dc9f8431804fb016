import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files that hold secrets (passwords, private keys, broker records): created with mode 0600 from the
/// first byte, and replaced atomically, so no other user can read them even for a moment.
package enum SecretFile {
    /// Replaces `url` with `data` atomically; the file has mode 0600 whatever the umask.
    package static func write(_ data: Data, to url: URL) throws {
        let staging = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8))")
        defer { unlink(staging.path) }
        try create(staging, containing: data)
        guard rename(staging.path, url.path) == 0 else {
            throw MosquittoBrokerError.setupFailed("cannot move a new \(url.lastPathComponent) into place at \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Creates `url` with mode 0600 (failing if it exists) and writes `data` to it.
    package static func create(_ url: URL, containing data: Data) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw MosquittoBrokerError.setupFailed("cannot create \(url.path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        // The umask can only remove bits, but be explicit in case the file system ignored the mode.
        fchmod(descriptor, 0o600)
        let failed = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let result = posixWrite(descriptor, base + offset, buffer.count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                offset += result
            }
            return false
        }
        if failed {
            throw MosquittoBrokerError.setupFailed("cannot write \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    /// The POSIX permission bits of `url` (e.g. `0o600`), or `nil` when it does not exist.
    package static func permissions(of url: URL) -> Int? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return Int(info.st_mode) & 0o777
    }
}

/// POSIX `write(2)`, named apart from the Swift methods called `write`.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #else
    Darwin.write(descriptor, buffer, count)
    #endif
}

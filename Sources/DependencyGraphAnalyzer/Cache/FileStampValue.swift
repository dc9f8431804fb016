#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HatchMemberwiseInit

/// A file's size, modification time and inode: when all are unchanged since the file was hashed, the
/// stored content hash is reused without reading the file (the way git's index works), so a warm run
/// only lists and stats the tree.
@MemberwiseInit(.public)
public struct FileStampValue: Hashable, Sendable {
    /// Size in bytes.
    public var size: Int64
    /// Modification time, whole seconds.
    public var modifiedSeconds: Int64
    /// Modification time, nanoseconds within the second.
    public var modifiedNanoseconds: Int64
    /// Inode number (changes when an editor replaces the file).
    public var inode: UInt64

    /// The stamp of the file at `path`, or `nil` when it cannot be stat'ed.
    static func of(_ path: String) -> FileStampValue? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return FileStampValue(size: Int64(info.st_size), modifiedSeconds: Int64(time.tv_sec), modifiedNanoseconds: Int64(time.tv_nsec), inode: UInt64(info.st_ino))
    }
}

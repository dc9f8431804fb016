#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fast recursive directory listing over `opendir`/`readdir` (Foundation's enumerator is several times
/// slower on Linux, which matters for a warm run over thousands of files). Symbolic links are not followed.
enum DirectoryWalker {
    /// One directory's entries: sub-directory names and file names.
    static func entries(of directory: String) -> (directories: [String], files: [String]) {
        guard let handle = opendir(directory) else { return ([], []) }
        defer { closedir(handle) }
        var directories: [String] = []
        var files: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): directories.append(name)
            case Int32(DT_REG): files.append(name)
            case Int32(DT_UNKNOWN):
                var info = stat()
                if stat(directory + "/" + name, &info) == 0 {
                    if (info.st_mode & S_IFMT) == S_IFDIR { directories.append(name) } else if (info.st_mode & S_IFMT) == S_IFREG { files.append(name) }
                }
            default: continue
            }
        }
        return (directories, files)
    }

    /// Every `.swift` file below `directory`, skipping hidden folders and folders whose name is in `skipping`.
    static func swiftFiles(below directory: String, skipping: Set<String> = []) -> [String] {
        var result: [String] = []
        var pending = [directory]
        while let current = pending.popLast() {
            let (directories, files) = entries(of: current)
            for file in files where file.hasSuffix(".swift") { result.append(current + "/" + file) }
            for sub in directories where !sub.hasPrefix(".") && !skipping.contains(sub) { pending.append(current + "/" + sub) }
        }
        return result
    }

    /// Whether a regular file exists at the path.
    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether a directory exists at the path.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

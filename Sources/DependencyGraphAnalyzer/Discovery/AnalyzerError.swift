/// Why an analysis could not start; each case says what to do instead.
public enum AnalyzerError: Error, Equatable, CustomStringConvertible {
    /// The path is not a directory.
    case notADirectory(String)
    /// `--mode package` on a folder without `Package.swift`.
    case noPackage(String)
    /// `--mode monorepo` found no `Package.swift` below the folder.
    case noPackagesFound(String)
    /// The monorepo generator's output folder exists and is not empty.
    case outputNotEmpty(String)
    /// A file could not be written.
    case cannotWrite(String, reason: String)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .notADirectory(let path): "\(path) is not a directory; pass the folder of a package (or of many, with --mode monorepo)"
        case .noPackage(let path): "\(path) has no Package.swift; pass a package folder, or use --mode monorepo for a folder of packages"
        case .noPackagesFound(let path): "no Package.swift found below \(path); pass a folder that contains packages, or use --mode package"
        case .outputNotEmpty(let path): "\(path) already exists and is not empty; choose a new folder or remove it first"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}

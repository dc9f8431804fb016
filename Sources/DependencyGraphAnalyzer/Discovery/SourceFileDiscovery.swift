/// Finds the Swift files to analyse for a mode.
public enum SourceFileDiscovery {
    /// Folder names never searched: build output, dependencies, and the analyser's own test fixtures
    /// (which are broken on purpose).
    static let skippedFolders: Set<String> = ["Fixtures", "node_modules", "Packages", "DerivedData"]

    /// The packages found: their directories, sorted.
    public static func packages(in root: String, mode: AnalysisMode) throws(AnalyzerError) -> [String] {
        guard DirectoryWalker.isDirectory(root) else { throw .notADirectory(root) }
        switch mode {
        case .package:
            guard DirectoryWalker.isFile(root + "/Package.swift") else { throw .noPackage(root) }
            return [root]
        case .monorepo:
            var packages: [String] = []
            var pending = [root]
            while let current = pending.popLast() {
                let (directories, files) = DirectoryWalker.entries(of: current)
                let isPackage = files.contains("Package.swift")
                if isPackage { packages.append(current) }
                for sub in directories where !sub.hasPrefix(".") && !skippedFolders.contains(sub) {
                    if isPackage, sub == "Sources" || sub == "Tests" || sub == "Plugins" { continue }
                    pending.append(current + "/" + sub)
                }
            }
            guard !packages.isEmpty else { throw .noPackagesFound(root) }
            return packages.sorted()
        }
    }

    /// Every Swift file of the packages' `Sources/` (and `Tests/` when asked), sorted, without duplicates.
    public static func swiftFiles(ofPackages packages: [String], includeTests: Bool) -> [String] {
        var files: Set<String> = []
        for package in packages {
            for folder in includeTests ? ["Sources", "Tests"] : ["Sources"] where DirectoryWalker.isDirectory(package + "/" + folder) {
                files.formUnion(DirectoryWalker.swiftFiles(below: package + "/" + folder, skipping: skippedFolders))
            }
        }
        return files.sorted()
    }
}

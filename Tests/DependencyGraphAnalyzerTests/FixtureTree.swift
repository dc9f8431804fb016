import DependencyGraphAnalyzer
import Foundation

/// A package written to a fresh temporary folder for one test, from inline sources or from a copy of a
/// fixture under `Fixtures/`, with helpers to edit it and analyse it.
struct FixtureTree {
    /// The package folder.
    let root: String

    /// The folder holding the on-disk fixtures, found from this file's path.
    static let fixturesFolder: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// A package with a `Package.swift` and the given files (paths relative to the package).
    init(files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("analyzer-fixture-\(UUID().uuidString)").path
        try write("Package.swift", "// swift-tools-version: 6.1\nimport PackageDescription\nlet package = Package(name: \"Fixture\")\n")
        for (path, text) in files { try write(path, text) }
    }

    /// A copy of the named fixture under `Fixtures/`.
    init(copying fixture: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("analyzer-fixture-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: (root as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixturesFolder + "/" + fixture, toPath: root)
    }

    /// Writes (or overwrites) a file.
    func write(_ path: String, _ text: String) throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
    }

    /// Writes raw bytes (for files that are not valid UTF-8).
    func write(_ path: String, bytes: [UInt8]) throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
    }

    /// Removes the one line containing `fragment` from a file; fails when there is not exactly one.
    func removeLine(containing fragment: String, in path: String) throws {
        let full = root + "/" + path
        let lines = try String(contentsOfFile: full, encoding: .utf8).components(separatedBy: "\n")
        let matches = lines.filter { $0.contains(fragment) }
        guard matches.count == 1 else { throw FixtureError.expectedOneLine(fragment, path, found: matches.count) }
        try lines.filter { !$0.contains(fragment) }.joined(separator: "\n").write(toFile: full, atomically: true, encoding: .utf8)
    }

    /// Removes the statement that starts on the line containing `fragment`, through the line where its
    /// braces balance again (a whole `try builder.register…(…) { … }` call).
    func removeStatement(startingWith fragment: String, in path: String) throws {
        let full = root + "/" + path
        var lines = try String(contentsOfFile: full, encoding: .utf8).components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains(fragment) }) else { throw FixtureError.textNotFound(fragment, path) }
        var depth = 0
        var end = start
        for index in start..<lines.count {
            depth += lines[index].filter { $0 == "{" }.count - lines[index].filter { $0 == "}" }.count
            end = index
            if depth <= 0 { break }
        }
        lines.removeSubrange(start...end)
        try lines.joined(separator: "\n").write(toFile: full, atomically: true, encoding: .utf8)
    }

    /// Replaces text in a file; fails when the text is absent.
    func replace(_ old: String, with new: String, in path: String) throws {
        let full = root + "/" + path
        let text = try String(contentsOfFile: full, encoding: .utf8)
        guard text.contains(old) else { throw FixtureError.textNotFound(old, path) }
        try text.replacingOccurrences(of: old, with: new).write(toFile: full, atomically: true, encoding: .utf8)
    }

    /// Runs the analyser (without cache unless asked).
    func analyze(mode: AnalysisMode = .package, useCache: Bool = false) throws -> DependencyAnalyzer.Outcome {
        try DependencyAnalyzer(options: .init(path: root, mode: mode, useCache: useCache)).run()
    }

    /// The report's text lines.
    func reportLines(mode: AnalysisMode = .package) throws -> [String] {
        TextReportRenderer.lines(for: try analyze(mode: mode).report)
    }

    /// Deletes the folder.
    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    enum FixtureError: Error {
        case expectedOneLine(String, String, found: Int)
        case textNotFound(String, String)
    }
}

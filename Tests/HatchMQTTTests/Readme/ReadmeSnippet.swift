import Foundation
import Testing

/// Holds a README code block to the lines of a test file between `// README begin` and `// README end`.
enum ReadmeSnippet {
    /// The marked lines of `testFile`, without their common indentation.
    static func marked(in testFile: String) throws -> String {
        let lines = try String(contentsOfFile: testFile, encoding: .utf8).components(separatedBy: "\n")
        guard let begin = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// README begin" }),
              let end = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// README end" }), begin < end else {
            Issue.record("\(testFile) has no README begin/end markers")
            return ""
        }
        let body = lines[(begin + 1)..<end]
        let indent = body.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return body.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
    }

    /// Expects the repository's README to contain the marked lines of `testFile` as one code block.
    static func expectReadmeShows(testFile: String, language: String) throws {
        var root = URL(fileURLWithPath: testFile)
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let snippet = try marked(in: testFile)
        #expect(!snippet.isEmpty)
        #expect(readme.contains("```\(language)\n" + snippet + "\n```"), "README.md does not show the example of \(testFile) as it is there")
    }
}

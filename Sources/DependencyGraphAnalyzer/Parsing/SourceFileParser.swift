import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns one file's bytes into a `SourceFileSummary`. Files that mention none of the container's names
/// are not parsed at all (they cannot contribute), which keeps large trees fast.
public enum SourceFileParser {
    /// Words one of which every relevant file contains.
    static let keywords: [String] = [
        "DependencyRequirements", "DeclaredRequirements", "DependencyBuilder", "uildChild",
        "registerDependencies", "mockRegistration", "TestDependencyProvider", "resolve(", "resolveMainActor(", "Registrar<",
    ]

    /// Reads the summary of a file from its bytes.
    /// - Parameters:
    ///   - bytes: the file's content (UTF-8).
    ///   - path: the path to report, relative to the analysed folder.
    public static func summarize(bytes: [UInt8], path: String) -> SourceFileSummary {
        guard mentionsContainer(bytes) else { return SourceFileSummary(path: path) }
        return bytes.withUnsafeBufferPointer { buffer in
            let tree = Parser.parse(source: buffer)
            let scanner = SourceFileScanner(path: path, tree: tree)
            scanner.walk(tree)
            var summary = scanner.summary
            if tree.hasError {
                summary.diagnostics.insert(contentsOf: syntaxErrors(in: tree, path: path), at: 0)
            }
            return summary
        }
    }

    /// Whether the bytes contain any of the `keywords` (`memchr` for the first byte, then `memcmp`).
    static func mentionsContainer(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { haystack in
            guard let base = haystack.baseAddress else { return false }
            return keywordBytes.contains { needle in
                needle.withUnsafeBytes { needleBytes in
                    guard let needleBase = needleBytes.baseAddress, let firstByte = needle.first else { return false }
                    var offset = 0
                    while offset + needle.count <= haystack.count {
                        guard let found = memchr(base + offset, Int32(firstByte), haystack.count - offset - needle.count + 1) else { return false }
                        let position = base.distance(to: UnsafeRawPointer(found))
                        if memcmp(base + position, needleBase, needle.count) == 0 { return true }
                        offset = position + 1
                    }
                    return false
                }
            }
        }
    }

    private static let keywordBytes: [[UInt8]] = keywords.map { Array($0.utf8) }

    /// One diagnostic per malformed file: the first syntax error, with how many more there are.
    private static func syntaxErrors(in tree: SourceFileSyntax, path: String) -> [ParseDiagnostic] {
        let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
        guard let first = diagnostics.first else { return [] }
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let location = first.location(converter: converter)
        let more = diagnostics.count > 1 ? " (and \(diagnostics.count - 1) more in this file)" : ""
        return [ParseDiagnostic(
            severity: .error,
            position: SourcePosition(file: path, line: location.line, column: location.column),
            message: "syntax error: \(first.message)\(more); the rest of the file was analysed as far as it could be read"
        )]
    }
}

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
        "registerDependencies", "mockRegistration", "TestDependencyProvider", "resolve(", "resolveMainActor(",
    ]

    /// At most this many syntax errors are reported per file.
    static let maximumReportedSyntaxErrors = 3

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

    private static func syntaxErrors(in tree: SourceFileSyntax, path: String) -> [ParseDiagnostic] {
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
        var result = diagnostics.prefix(maximumReportedSyntaxErrors).map { diagnostic in
            let location = diagnostic.location(converter: converter)
            return ParseDiagnostic(
                severity: .error,
                position: SourcePosition(file: path, line: location.line, column: location.column),
                message: "syntax error: \(diagnostic.message); the rest of the file was analysed as far as it could be read"
            )
        }
        if diagnostics.count > maximumReportedSyntaxErrors, let last = result.last {
            result.append(ParseDiagnostic(severity: .error, position: last.position, message: "\(diagnostics.count - maximumReportedSyntaxErrors) more syntax errors in this file"))
        }
        return result
    }
}

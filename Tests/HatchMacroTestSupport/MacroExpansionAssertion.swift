import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Expands the macros of `macroSpecs` in `source` (4-space indentation) and records a Swift Testing issue at
/// the caller's line for every difference from `expandedSource`, the expected `diagnostics` and, if given,
/// the source after applying every fix-it. swift-syntax's own assertion reports through XCTest only.
package func assertMacroExpansionRecordingIssues(
    _ source: String,
    expandedSource: String,
    diagnostics: [DiagnosticSpec],
    macroSpecs: [String: MacroSpec],
    fixedSource: String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
) {
    assertMacroExpansion(
        source,
        expandedSource: expandedSource,
        diagnostics: diagnostics,
        macroSpecs: macroSpecs,
        fixedSource: fixedSource,
        indentationWidth: .spaces(4),
        failureHandler: { failure in
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: failure.location.fileID,
                    filePath: failure.location.filePath,
                    line: failure.location.line,
                    column: failure.location.column))
        },
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column)
}

import HatchMacroTestSupport
import HatchMemberwiseInitMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport

/// Expands `@MemberwiseInit` in `source` and records a Swift Testing issue for every difference from
/// `expandedSource` and the expected `diagnostics`.
func assertMemberwiseInitExpansion(
    _ source: String,
    expandedSource: String,
    diagnostics: [DiagnosticSpec] = [],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    assertMacroExpansionRecordingIssues(
        source, expandedSource: expandedSource, diagnostics: diagnostics,
        macroSpecs: ["MemberwiseInit": MacroSpec(type: MemberwiseInitMacro.self)],
        fixedSource: nil, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Expects `attribute` on `header { members }` to add the documented `initializer` after the members; both
/// are written with the 4-space indentation they have inside the braces.
func assertMemberwiseInitializer(
    _ attribute: String,
    on header: String,
    members: String,
    adds initializer: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    assertMemberwiseInitExpansion(
        "\(attribute)\n\(header) {\n\(members)\n}",
        expandedSource: "\(header) {\n\(members)\n\n    /// Creates a value from its stored properties.\n\(initializer)\n}",
        fileID: fileID, filePath: filePath, line: line, column: column)
}

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

/// Expects `attribute` on `header { members }` (members written with the 4-space indentation they have inside
/// the braces) to add, after the members, the documented initializer `signature` whose body sets `assigned`
/// in order (`self.name = name`).
func assertMemberwiseInitializer(
    _ attribute: String,
    on header: String,
    members: String,
    adds signature: String,
    assigning assigned: [String],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let body = assigned.map { "\n        self.\($0) = \($0)" }.joined()
    assertMemberwiseInitExpansion(
        "\(attribute)\n\(header) {\n\(members)\n}",
        expandedSource: """
            \(header) {
            \(members)

                /// Creates a value from its stored properties.
                \(signature) {\(body)
                }
            }
            """,
        fileID: fileID, filePath: filePath, line: line, column: column)
}

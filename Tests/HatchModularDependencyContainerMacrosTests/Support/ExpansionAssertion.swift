import HatchMacroTestSupport
import HatchModularDependencyContainerMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport

/// The macro under test, registered the way the compiler sees it (with its extension role's conformance).
let dependencyRequirementsMacroSpecs: [String: MacroSpec] = [
    "DependencyRequirements": MacroSpec(type: DependencyRequirementsMacro.self, conformances: ["DependencyRequirements"]),
]

/// Expands `@DependencyRequirements` in `source` and records a Swift Testing issue for every difference from
/// `expandedSource`, the expected `diagnostics`, and (if given) the source after applying every fix-it.
func assertDependencyRequirementsExpansion(
    _ source: String,
    expandedSource: String,
    diagnostics: [DiagnosticSpec] = [],
    fixedSource: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    assertMacroExpansionRecordingIssues(
        source, expandedSource: expandedSource, diagnostics: diagnostics, macroSpecs: dependencyRequirementsMacroSpecs,
        fixedSource: fixedSource, fileID: fileID, filePath: filePath, line: line, column: column)
}

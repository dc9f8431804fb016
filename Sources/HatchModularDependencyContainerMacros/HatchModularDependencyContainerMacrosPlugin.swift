import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides `@DependencyRequirements`.
@main
struct HatchModularDependencyContainerMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [DependencyRequirementsMacro.self]
}

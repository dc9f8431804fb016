import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides `@MemberwiseInit`.
@main
struct HatchMemberwiseInitMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [MemberwiseInitMacro.self]
}

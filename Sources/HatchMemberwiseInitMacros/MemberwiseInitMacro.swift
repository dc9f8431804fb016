import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@MemberwiseInit(_:)`: adds a struct's memberwise initializer with the access level of its argument, one
/// parameter per stored property it must set (see ``StoredProperty``).
public enum MemberwiseInitMacro: MemberMacro {
    /// The initializer, or nothing (with errors) on a non-struct or a stored property without a type.
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let structDeclaration = declaration.as(StructDeclSyntax.self) else {
            let message = MemberwiseInitDiagnostic.notAStruct(kind: kindName(of: declaration))
            context.diagnose(Diagnostic(node: Syntax(node), message: message))
            return []
        }
        let scan = StoredProperty.scan(structDeclaration.memberBlock)
        scan.untyped.forEach { binding in
            let name = binding.pattern.trimmedDescription
            context.diagnose(Diagnostic(node: Syntax(binding), message: MemberwiseInitDiagnostic.missingType(name: name)))
        }
        guard scan.untyped.isEmpty else { return [] }
        return [initializer(access: accessModifier(node), properties: scan.properties)]
    }

    /// `init(…) { self.a = a … }` with a doc comment.
    static func initializer(access: String, properties: [StoredProperty]) -> DeclSyntax {
        let parameters = properties.map(\.parameter).joined(separator: ", ")
        let assignments = properties.map { "\n    self.\($0.name) = \($0.name)" }.joined()
        return """
            /// Creates a value from its stored properties.
            \(raw: access)init(\(raw: parameters)) {\(raw: assignments)
            }
            """
    }

    /// The modifier the attribute's argument names (`public `, `package `, …), or "" for internal.
    static func accessModifier(_ node: AttributeSyntax) -> String {
        guard case .argumentList(let arguments) = node.arguments,
              let name = arguments.first?.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        else { return "" }
        switch name {
        case "public", "package", "fileprivate", "private": return name + " "
        default: return ""
        }
    }

    /// "a class", "an enum", … for the not-a-struct error.
    private static func kindName(of declaration: some DeclGroupSyntax) -> String {
        if declaration.is(ClassDeclSyntax.self) { return "a class" }
        if declaration.is(EnumDeclSyntax.self) { return "an enum" }
        if declaration.is(ActorDeclSyntax.self) { return "an actor" }
        if declaration.is(ProtocolDeclSyntax.self) { return "a protocol" }
        return "an extension"
    }
}

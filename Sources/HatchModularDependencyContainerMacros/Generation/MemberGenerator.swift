import SwiftBasicFormat
import SwiftSyntax

/// Builds the members `@DependencyRequirements` adds: the stored container, `init(_:)`, the static
/// requirement metadata and one accessor per requirement.
struct MemberGenerator {
    /// The access modifier of every generated member (`public `, `package `, `fileprivate ` or empty).
    let access: String

    /// The module that declares the container types, spelled out so user types of the same name do not interfere.
    static let module = "HatchModularDependencyContainer"

    /// `let container`, `init(_:)` and `static let requirements`, which every conformance needs.
    func conformanceMembers(arguments: LabeledExprListSyntax?) -> [DeclSyntax] {
        // One line, without comments: the metadata restates the attribute, the attribute stays the documentation.
        let metadataArguments = arguments.map { TriviaRemover().rewrite($0).formatted().trimmedDescription } ?? ""
        return [
            """
            /// The container this module's dependencies resolve from.
            \(raw: access)nonisolated let container: \(raw: Self.module).DependencyContainer
            """,
            """
            /// Wraps `container`; factories write `Self(container)` to use the generated accessors.
            \(raw: access)nonisolated init(_ container: \(raw: Self.module).DependencyContainer) {
                self.container = container
            }
            """,
            """
            /// The declared requirements, validated by `buildChild` and read by the dependency analyzer.
            \(raw: access)nonisolated static let requirements = \(raw: Self.module).DeclaredRequirements(\(raw: metadataArguments))
            """,
        ]
    }

    /// The accessor for one requirement.
    func accessor(_ accessor: RequirementChecks.Accessor) -> DeclSyntax {
        let declaration = accessor.declaration
        // Explicit either way, so a `@MainActor` struct (or a module defaulting to the main actor) still
        // conforms: the protocol's requirements and the Sendable accessors are non-isolated.
        let isolation = declaration.kind == .mainActor ? "@MainActor " : ""
        let nonisolated = declaration.kind == .mainActor ? "" : "nonisolated "
        let declaredName = AccessorNameValidity(accessor.name) == .keyword ? "`\(accessor.name)`" : accessor.name
        let metatype = declaration.requiredType.metatypeExpression.trimmedDescription
        let key = declaration.key.map { ", key: \($0.expression.trimmedDescription)" } ?? ""
        let call = "container.\(declaration.kind.containerMethod)(\(metatype)\(key), accessor: \"\(accessor.name)\")"
        return """
            \(raw: isolation)\(raw: access)\(raw: nonisolated)var \(raw: declaredName): \(declaration.requiredType.typeSyntax) {
                \(raw: call)
            }
            """
    }
}

/// Drops all trivia (whitespace, newlines, comments) so that formatting starts from a clean token stream.
private final class TriviaRemover: SyntaxRewriter {
    override func visit(_ token: TokenSyntax) -> TokenSyntax {
        token.with(\.leadingTrivia, []).with(\.trailingTrivia, [])
    }
}

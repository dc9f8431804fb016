import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@DependencyRequirements(_:mainActor:inputs:)`: turns an empty struct into a module's dependencies:
/// stored container, `init(_:)`, static requirement metadata, one accessor per requirement, and (through the
/// extension role) the `DependencyRequirements` conformance.
public enum DependencyRequirementsMacro: MemberMacro, ExtensionMacro {
    /// Member role: reports every mistake in the arguments, then adds the container, `init(_:)`, the metadata
    /// and the accessors that passed the checks (so one mistake does not hide the rest of the struct).
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) else {
            context.diagnose(notAStructDiagnostic(node: node, declaration: declaration))
            return []
        }
        let parser = MacroArgumentsParser(attribute: node)
        let checks = RequirementChecks(
            declarations: parser.declarations,
            withoutAccessor: parser.withoutAccessor,
            existingMembers: existingMemberNames(of: declaration))
        (parser.diagnostics + checks.diagnostics).forEach(context.diagnose)

        let generator = MemberGenerator(access: AccessLevel.modifier(for: declaration))
        var arguments: LabeledExprListSyntax?
        if case .argumentList(let list) = node.arguments { arguments = list }
        return generator.conformanceMembers(arguments: arguments) + checks.accessors.map(generator.accessor)
    }

    /// Extension role: adds `extension T: DependencyRequirements {}` when the struct does not state it.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // The member role reports a misplaced attribute; only structs get the conformance.
        guard declaration.is(StructDeclSyntax.self) else { return [] }
        // The compiler only asks for missing conformances; the inheritance clause is checked too, so that
        // expansions outside the compiler (tests, tools) agree with it.
        let stated = Set(declaration.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? [])
        let refining: Set<String> = ["TestDependencyProvider", "HatchModularDependencyContainer.TestDependencyProvider"]
        guard stated.isDisjoint(with: refining) else { return [] }
        let missing = protocols.map(\.trimmedDescription).filter {
            !stated.contains($0) && !stated.contains("HatchModularDependencyContainer.\($0)")
        }
        guard !missing.isEmpty else { return [] }
        let inheritance = missing.joined(separator: ", ")
        return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: inheritance) {}")]
    }

    /// Names of stored and computed properties the struct already declares.
    private static func existingMemberNames(of declaration: some DeclGroupSyntax) -> Set<String> {
        var names: Set<String> = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifier?.name {
                    names.insert(name)
                }
            }
        }
        return names
    }

    /// "not a struct", with a fix-it that turns a class, enum or actor into a struct.
    private static func notAStructDiagnostic(node: AttributeSyntax, declaration: some DeclGroupSyntax) -> Diagnostic {
        let keyword: TokenSyntax? = declaration.as(ClassDeclSyntax.self)?.classKeyword
            ?? declaration.as(EnumDeclSyntax.self)?.enumKeyword
            ?? declaration.as(ActorDeclSyntax.self)?.actorKeyword
        let kindName = keyword.map { "a\($0.text == "enum" || $0.text == "actor" ? "n" : "") \($0.text)" }
            ?? (declaration.is(ProtocolDeclSyntax.self) ? "a protocol" : "an extension")
        var fixIts: [FixIt] = []
        if let keyword {
            var changes: [FixIt.Change] = [
                .replace(oldNode: Syntax(keyword), newNode: Syntax(keyword.with(\.tokenKind, .keyword(.struct)))),
            ]
            // `final` has no meaning on a struct.
            for modifier in declaration.modifiers where modifier.name.tokenKind == .keyword(.final) {
                changes.append(.replace(oldNode: Syntax(modifier),
                                        newNode: Syntax(DeclModifierSyntax(name: .identifier("")))))
            }
            fixIts.append(FixIt(message: DependencyRequirementsFixIt.makeStruct(from: keyword.text), changes: changes))
        }
        return Diagnostic(node: Syntax(node), message: DependencyRequirementsDiagnostic.notAStruct(kind: kindName),
                          fixIts: fixIts)
    }
}

import SwiftDiagnostics
import SwiftSyntax

/// Checks parsed requirements as a whole: duplicates, accessor names, collisions with each other and with
/// members the struct already declares. Produces the accessors that can be generated.
struct RequirementChecks {
    /// A requirement that passed every check, with its final accessor name.
    struct Accessor {
        let declaration: RequirementDeclaration
        let name: String
    }

    /// Requirements that get an accessor, in source order.
    private(set) var accessors: [Accessor] = []
    /// Problems found.
    private(set) var diagnostics: [Diagnostic] = []

    /// Runs every check over `declarations`, skipping accessors for elements in `withoutAccessor`.
    init(declarations: [RequirementDeclaration], withoutAccessor: Set<SyntaxIdentifier>, existingMembers: Set<String>) {
        var firstByIdentity: [String: RequirementDeclaration] = [:]
        var firstByName: [String: RequirementDeclaration] = [:]
        let takenNames = Set(declarations.compactMap(\.accessorName)).union(existingMembers)
            .union(AccessorNameValidity.reservedNames)
        var suggested: Set<String> = []

        func suggestion(for declaration: RequirementDeclaration) -> String? {
            let base = declaration.derivedAccessorName ?? declaration.qualifiedAccessorName
            let candidates = [declaration.qualifiedAccessorName] + (2...99).map { "\(base)\($0)" }
            let chosen = candidates.first {
                AccessorNameValidity($0) == .valid && !takenNames.contains($0) && !suggested.contains($0)
            }
            if let chosen { suggested.insert(chosen) }
            return chosen
        }

        for declaration in declarations {
            if let first = firstByIdentity[declaration.identity] {
                report(.duplicateRequirement(declaration.source), at: declaration.call,
                       note: (.firstDeclaredHere, Syntax(first.call)),
                       fixIt: FixIt(message: DependencyRequirementsFixIt.removeDuplicate,
                                    changes: Self.removal(of: declaration.element)))
                continue
            }
            firstByIdentity[declaration.identity] = declaration
            guard !withoutAccessor.contains(declaration.element.id) else { continue }
            guard let name = checkedName(of: declaration, suggestion: suggestion) else { continue }
            if AccessorNameValidity.reservedNames.contains(name) {
                report(.reservedAccessorName(name, source: declaration.source), at: declaration.call,
                       fixIt: suggestion(for: declaration).map { Self.accessorNameFixIt($0, for: declaration) })
                continue
            }
            if existingMembers.contains(name) {
                report(.memberAlreadyDeclared(name: name, source: declaration.source), at: declaration.call,
                       fixIt: suggestion(for: declaration).map { Self.accessorNameFixIt($0, for: declaration) })
                continue
            }
            if let first = firstByName[name] {
                report(.accessorNameCollision(name: name, source: declaration.source, other: first.source),
                       at: declaration.call, note: (.nameFirstUsedHere(name), Syntax(first.call)),
                       fixIt: suggestion(for: declaration).map { Self.accessorNameFixIt($0, for: declaration) })
                continue
            }
            firstByName[name] = declaration
            accessors.append(Accessor(declaration: declaration, name: name))
        }
    }

    /// The accessor name of `declaration` if it is usable, reporting why not otherwise.
    private mutating func checkedName(of declaration: RequirementDeclaration,
                                      suggestion: (RequirementDeclaration) -> String?) -> String? {
        if let explicit = declaration.explicitAccessorName, let argument = declaration.accessorNameArgument {
            switch AccessorNameValidity(explicit) {
            case .valid:
                return explicit
            case .keyword:
                let replacement = declaration.derivedAccessorName.flatMap { AccessorNameValidity($0) == .valid ? $0 : nil }
                    ?? suggestion(declaration)
                report(.keywordAccessorName(explicit), at: argument.expression,
                       fixIt: replacement.map { Self.accessorNameFixIt($0, for: declaration) })
            case .invalid:
                report(.invalidAccessorName(explicit), at: argument.expression,
                       fixIt: AccessorNameValidity.sanitized(explicit).map { Self.accessorNameFixIt($0, for: declaration) })
            }
            return nil
        }
        guard let derived = declaration.derivedAccessorName, AccessorNameValidity(derived) != .invalid else {
            report(.underivableAccessorName(declaration.source), at: declaration.call,
                   fixIt: suggestion(declaration).map { Self.accessorNameFixIt($0, for: declaration) })
            return nil
        }
        return derived
    }

    /// Sets `accessorName:` on the requirement: replaces the existing argument or appends one.
    static func accessorNameFixIt(_ name: String, for declaration: RequirementDeclaration) -> FixIt {
        let literal = ExprSyntax(StringLiteralExprSyntax(content: name))
        if let argument = declaration.accessorNameArgument {
            return FixIt(message: DependencyRequirementsFixIt.replaceAccessorName(name), changes: [
                .replace(oldNode: Syntax(argument.expression),
                         newNode: Syntax(literal.with(\.leadingTrivia, argument.expression.leadingTrivia)
                            .with(\.trailingTrivia, argument.expression.trailingTrivia))),
            ])
        }
        var arguments = Array(declaration.call.arguments)
        if let last = arguments.popLast() {
            arguments.append(last.with(\.trailingComma, .commaToken(trailingTrivia: .space)))
        }
        arguments.append(LabeledExprSyntax(label: .identifier("accessorName"), colon: .colonToken(trailingTrivia: .space),
                                           expression: literal))
        let call = declaration.call.with(\.arguments, LabeledExprListSyntax(arguments))
        return FixIt(message: DependencyRequirementsFixIt.addAccessorName(name), changes: [
            .replace(oldNode: Syntax(declaration.call), newNode: Syntax(call)),
        ])
    }

    /// Removes an array element (with its comma and line) by rewriting the array without it.
    static func removal(of element: ArrayElementSyntax) -> [FixIt.Change] {
        guard let list = element.parent?.as(ArrayElementListSyntax.self),
              let array = list.parent?.as(ArrayExprSyntax.self) else {
            return []
        }
        let remaining = list.filter { $0.id != element.id }
        return [.replace(oldNode: Syntax(array), newNode: Syntax(array.with(\.elements, remaining)))]
    }

    private mutating func report(_ message: DependencyRequirementsDiagnostic, at node: some SyntaxProtocol,
                                 note: (DependencyRequirementsNote, Syntax)? = nil, fixIt: FixIt? = nil) {
        diagnostics.append(Diagnostic(
            node: Syntax(node), message: message,
            notes: note.map { [Note(node: $0.1, message: $0.0)] } ?? [],
            fixIts: fixIt.map { [$0] } ?? []))
    }
}

import SwiftSyntax

/// A stored property the memberwise initializer sets: its name, type and, for a `var` with an initial value,
/// the parameter's default.
struct StoredProperty: Equatable {
    let name: String
    let type: TypeSyntax
    let defaultValue: String?

    /// `name: Type = default`, with `@escaping` in front of a function type.
    var parameter: String {
        var text = "\(name): \(Self.parameterType(type))"
        if let defaultValue { text += " = \(defaultValue)" }
        return text
    }

    /// The stored properties of `members` in declaration order, and the bindings that need a type annotation.
    static func scan(_ members: MemberBlockSyntax) -> (properties: [StoredProperty], untyped: [PatternBindingSyntax]) {
        var properties: [StoredProperty] = []
        var untyped: [PatternBindingSyntax] = []
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), isInstanceStored(variable) else { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let bindings = Array(variable.bindings)
            for (index, binding) in bindings.enumerated() {
                guard binding.accessorBlock.map(hasOnlyObservers) ?? true,
                      let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                // A `let` set where it is declared cannot be set again.
                if isLet, binding.initializer != nil { continue }
                // `var a, b: Int` states the type once, on the last binding.
                let type = binding.typeAnnotation?.type
                    ?? bindings[index...].lazy.compactMap(\.typeAnnotation?.type).first
                guard let type, binding.initializer == nil || binding.typeAnnotation != nil else {
                    untyped.append(binding)
                    continue
                }
                properties.append(StoredProperty(
                    name: identifier.identifier.text,
                    type: type.trimmed,
                    defaultValue: binding.initializer?.value.trimmedDescription))
            }
        }
        return (properties, untyped)
    }

    /// Instance properties only: not `static`, `class` or `lazy`.
    private static func isInstanceStored(_ variable: VariableDeclSyntax) -> Bool {
        !variable.modifiers.contains { modifier in
            [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains(modifier.name.tokenKind)
        }
    }

    /// `willSet`/`didSet` keep a property stored; a getter or a bare code block make it computed.
    private static func hasOnlyObservers(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let accessors) = block.accessors else { return false }
        return accessors.allSatisfy {
            $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
        }
    }

    /// A closure parameter that is stored must escape; an optional closure already does.
    private static func parameterType(_ type: TypeSyntax) -> String {
        var base = type
        while let parenthesized = base.as(TupleTypeSyntax.self), parenthesized.elements.count == 1,
              let only = parenthesized.elements.first, only.firstName == nil {
            base = only.type
        }
        if let attributed = base.as(AttributedTypeSyntax.self) {
            base = attributed.baseType
        }
        return base.is(FunctionTypeSyntax.self) ? "@escaping \(type.trimmedDescription)" : type.trimmedDescription
    }
}

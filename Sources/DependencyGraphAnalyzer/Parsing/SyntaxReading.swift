import SwiftSyntax

/// Small, pure readers over SwiftSyntax nodes shared by the scanner and the receiver resolver.
enum SyntaxReading {
    /// Strips `try`, `await`, `!`, `?` and single parentheses around an expression.
    static func unwrap(_ expression: ExprSyntax) -> ExprSyntax {
        var current = expression
        while true {
            if let tryExpr = current.as(TryExprSyntax.self) {
                current = tryExpr.expression
            } else if let awaitExpr = current.as(AwaitExprSyntax.self) {
                current = awaitExpr.expression
            } else if let force = current.as(ForceUnwrapExprSyntax.self) {
                current = force.expression
            } else if let optional = current.as(OptionalChainingExprSyntax.self) {
                current = optional.expression
            } else if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
                current = only.expression
            } else {
                return current
            }
        }
    }

    /// The type named by a `T.self` expression (`ContentClient`, `any Provider`, `Client.Factory`), or `nil`.
    static func metatypeName(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.tokenKind == .keyword(.self),
              let base = member.base else { return nil }
        return normalizedTypeName(base.trimmedDescription)
    }

    /// Removes outer parentheses and collapses whitespace: `( any  P )` becomes `any P`.
    static func normalizedTypeName(_ text: String) -> String {
        var result = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
        while result.hasPrefix("("), result.hasSuffix(")") {
            result = String(result.dropFirst().dropLast()).trimmingSpaces()
        }
        return result
    }

    /// The first unlabeled argument, or the first argument when all are labeled.
    static func firstArgument(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.arguments.first?.expression
    }

    /// The argument with the given label.
    static func argument(_ label: String, in call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.arguments.first(where: { $0.label?.text == label })?.expression
    }

    /// The member name and base of a call such as `builder.local.registerSingleton(...)`.
    static func calledMember(_ call: FunctionCallExprSyntax) -> (name: String, base: ExprSyntax?)? {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            return (member.declName.baseName.text, member.base)
        }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return (reference.baseName.text, nil)
        }
        return nil
    }

    /// The member names along a receiver chain and the identifier it starts from:
    /// `builder.local.mainActor` gives (`builder`, [`local`, `mainActor`]).
    static func chain(_ expression: ExprSyntax?) -> (root: String?, members: [String]) {
        var members: [String] = []
        var current = expression.map(unwrap)
        while let expression = current {
            if let member = expression.as(MemberAccessExprSyntax.self) {
                members.insert(member.declName.baseName.text, at: 0)
                current = member.base.map(unwrap)
            } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
                return (reference.baseName.text, members)
            } else {
                return (nil, members)
            }
        }
        return (nil, members)
    }

    /// The closure given to a call: its trailing closure or a closure argument after the first.
    static func configureClosure(_ call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        if let trailing = call.trailingClosure { return trailing }
        for argument in call.arguments.dropFirst() {
            if let closure = unwrap(argument.expression).as(ClosureExprSyntax.self) { return closure }
        }
        return nil
    }

    /// The text of a string literal without interpolation, or `nil`.
    static func stringLiteral(_ expression: ExprSyntax?) -> String? {
        guard let literal = expression?.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
            text += plain.content.text
        }
        return text
    }

    /// The names of every enclosing type declaration, innermost first.
    static func enclosingTypeNames(of node: some SyntaxProtocol) -> [String] {
        var names: [String] = []
        var current = node.parent
        while let node = current {
            if let name = typeName(of: node) { names.append(name) }
            current = node.parent
        }
        return names
    }

    /// The name a type declaration or extension introduces or extends.
    static func typeName(of node: Syntax) -> String? {
        if let decl = node.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ActorDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ExtensionDeclSyntax.self) { return normalizedTypeName(decl.extendedType.trimmedDescription) }
        return nil
    }

    /// Generic parameter names of every enclosing declaration (so `buildChild(Child.self)` inside generic
    /// container code is not taken for a real module).
    static func enclosingGenericParameters(of node: some SyntaxProtocol) -> Set<String> {
        var names: Set<String> = []
        var current = node.parent
        while let node = current {
            var clause: GenericParameterClauseSyntax?
            if let decl = node.as(FunctionDeclSyntax.self) { clause = decl.genericParameterClause }
            else if let decl = node.as(StructDeclSyntax.self) { clause = decl.genericParameterClause }
            else if let decl = node.as(ClassDeclSyntax.self) { clause = decl.genericParameterClause }
            else if let decl = node.as(EnumDeclSyntax.self) { clause = decl.genericParameterClause }
            else if let decl = node.as(InitializerDeclSyntax.self) { clause = decl.genericParameterClause }
            if let clause {
                for parameter in clause.parameters { names.insert(parameter.name.text) }
            }
            current = node.parent
        }
        return names
    }

    /// Whether an inheritance clause names the given protocol (plain or module-qualified).
    static func inherits(_ clause: InheritanceClauseSyntax?, _ name: String) -> Bool {
        guard let clause else { return false }
        return clause.inheritedTypes.contains { inherited in
            let text = inherited.type.trimmedDescription
            return text == name || text.hasSuffix(".\(name)")
        }
    }

    /// The single generic argument of a type such as `DependencyBuilder<X>`, when its base has the given name.
    static func genericArgument(of type: TypeSyntax, base: String) -> String? {
        guard let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == base,
              let argument = identifier.genericArgumentClause?.arguments.first else { return nil }
        return normalizedTypeName(argument.argument.trimmedDescription)
    }
}

extension String {
    /// The string without leading and trailing spaces.
    func trimmingSpaces() -> String {
        var view = Substring(self)
        while view.first == " " { view = view.dropFirst() }
        while view.last == " " { view = view.dropLast() }
        return String(view)
    }
}

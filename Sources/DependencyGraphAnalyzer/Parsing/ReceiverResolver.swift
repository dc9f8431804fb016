import SwiftSyntax

/// Works out, from one file's syntax alone, what value an expression such as the receiver of
/// `dependencies.buildChild(X.self)` is: it follows local variables, parameters, closure parameters and
/// stored properties outwards through the enclosing scopes. Whatever needs other files is left symbolic
/// (`ReceiverReference.property`, `.callResult`) and resolved by `ModuleGraph`.
struct ReceiverResolver {
    /// Variables holding a root builder (`DependencyBuilder<AppRoot>()`), by name, with their owner.
    var rootBuilders: [String: String]
    /// Variables holding a frozen root container, by name, with their owner.
    var rootContainers: [String: String]

    private let maximumDepth = 8

    /// What the expression evaluates to.
    func resolve(_ expression: ExprSyntax, depth: Int = 0) -> ReceiverReference {
        guard depth < maximumDepth else { return .unknown(Self.shortText(expression)) }
        let expression = SyntaxReading.unwrap(expression)
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return resolveIdentifier(reference.baseName.text, at: Syntax(reference), depth: depth)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            switch resolve(base, depth: depth + 1) {
            case .typeNamed(let type, _):
                return .property(ownerType: type, name: name)
            default:
                return .unknown(Self.shortText(expression))
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return resolveCall(call, depth: depth)
        }
        return .unknown(Self.shortText(expression))
    }

    /// What a type annotation names.
    func reference(forType type: TypeSyntax) -> ReceiverReference {
        var text = SyntaxReading.normalizedTypeName(type.trimmedDescription)
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        if text == "DependencyContainer" || text.hasSuffix(".DependencyContainer") { return .container }
        return .typeNamed(text, testMode: false)
    }

    private func resolveCall(_ call: FunctionCallExprSyntax, depth: Int) -> ReceiverReference {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name == "Self" {
                return SyntaxReading.enclosingTypeNames(of: call).first.map { .typeNamed($0, testMode: false) } ?? .unknown("Self")
            }
            if let first = name.first, first.isUppercase { return .typeNamed(name, testMode: false) }
            return .callResult(name)
        }
        guard let (name, base) = SyntaxReading.calledMember(call) else { return .unknown(Self.shortText(ExprSyntax(call))) }
        switch name {
        case "buildChild", "tryBuildChild", "buildChildWithOverrides":
            guard let first = SyntaxReading.firstArgument(call), let child = SyntaxReading.metatypeName(first) else { break }
            var testMode = name == "buildChildWithOverrides"
            if let base, case .typeNamed(_, true) = resolve(base, depth: depth + 1) { testMode = true }
            return .typeNamed(child, testMode: testMode)
        case "testing":
            if let base { return .typeNamed(SyntaxReading.normalizedTypeName(base.trimmedDescription), testMode: true) }
        case "freeze":
            if let root = SyntaxReading.chain(base).root, let owner = rootBuilders[root] { return .root(owner) }
            return .container
        case "init":
            if let base { return .typeNamed(SyntaxReading.normalizedTypeName(base.trimmedDescription), testMode: false) }
        default:
            return .callResult(name)
        }
        return .unknown(Self.shortText(ExprSyntax(call)))
    }

    private func resolveIdentifier(_ name: String, at node: Syntax, depth: Int) -> ReceiverReference {
        if name == "self" || name == "Self" {
            return SyntaxReading.enclosingTypeNames(of: node).first.map { .typeNamed($0, testMode: false) } ?? .unknown(name)
        }
        if let owner = rootContainers[name] { return .root(owner) }
        if let found = lookup(name, from: node, depth: depth) { return found }
        if let owner = SyntaxReading.enclosingTypeNames(of: node).first { return .property(ownerType: owner, name: name) }
        return .unknown(name)
    }

    /// Walks the scopes outwards from `node` looking for a declaration of `name`.
    private func lookup(_ name: String, from node: Syntax, depth: Int) -> ReceiverReference? {
        var child = node
        var current = node.parent
        while let scope = current {
            if let items = scope.as(CodeBlockItemListSyntax.self) {
                var found: ReceiverReference?
                for item in items {
                    if item.position >= child.position { break }
                    if let variable = item.item.as(VariableDeclSyntax.self), let reference = reference(for: name, in: variable, depth: depth) {
                        found = reference
                    }
                }
                if let found { return found }
            } else if let closure = scope.as(ClosureExprSyntax.self), let reference = closureParameter(name, of: closure) {
                return reference
            } else if let function = scope.as(FunctionDeclSyntax.self) {
                if let reference = parameter(name, in: function.signature.parameterClause) { return reference }
            } else if let initializer = scope.as(InitializerDeclSyntax.self) {
                if let reference = parameter(name, in: initializer.signature.parameterClause) { return reference }
            } else if let members = scope.as(MemberBlockSyntax.self) {
                for member in members.members {
                    if let variable = member.decl.as(VariableDeclSyntax.self), let reference = reference(for: name, in: variable, depth: depth) {
                        return reference
                    }
                }
            }
            child = scope
            current = scope.parent
        }
        return nil
    }

    /// The value a variable declaration gives `name`, from its annotation or initializer.
    func reference(for name: String, in variable: VariableDeclSyntax, depth: Int) -> ReceiverReference? {
        for binding in variable.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self), pattern.identifier.text == name else { continue }
            if let type = binding.typeAnnotation?.type { return reference(forType: type) }
            if let value = binding.initializer?.value { return resolve(value, depth: depth + 1) }
        }
        return nil
    }

    private func parameter(_ name: String, in clause: FunctionParameterClauseSyntax) -> ReceiverReference? {
        for parameter in clause.parameters where (parameter.secondName ?? parameter.firstName).text == name {
            return reference(forType: parameter.type)
        }
        return nil
    }

    private func closureParameter(_ name: String, of closure: ClosureExprSyntax) -> ReceiverReference? {
        guard let clause = closure.signature?.parameterClause else { return nil }
        switch clause {
        case .simpleInput(let list):
            guard list.contains(where: { $0.name.text == name }) else { return nil }
        case .parameterClause(let parameters):
            guard let parameter = parameters.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) else { return nil }
            if let type = parameter.type { return reference(forType: type) }
        }
        // An untyped closure parameter: a registration factory's parameter is the container.
        if let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
           let member = SyntaxReading.calledMember(call)?.name,
           member.hasPrefix("register") {
            return .container
        }
        return .unknown(name)
    }

    static func shortText(_ expression: ExprSyntax) -> String {
        let text = expression.trimmedDescription
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }
}

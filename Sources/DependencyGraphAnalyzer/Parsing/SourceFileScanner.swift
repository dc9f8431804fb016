import SwiftSyntax

/// Walks one parsed file and fills a `SourceFileSummary`: modules and their requirements, registration
/// blocks, composition roots, build-child sites with their closures, stored property types and
/// hand-written resolutions.
final class SourceFileScanner: SyntaxVisitor {
    private(set) var summary: SourceFileSummary
    private let converter: SourceLocationConverter
    private var rootBuilders: [String: String] = [:]
    private var rootBuilderIndex: [String: Int] = [:]
    private var rootContainers: [String: String] = [:]
    private var siteByClosure: [SyntaxIdentifier: Int] = [:]
    private var productionBlockByFunction: [SyntaxIdentifier: Int] = [:]
    private var mockBlockByFunction: [SyntaxIdentifier: Int] = [:]
    /// Registration functions by their declaration, with the name of their builder parameter.
    private var registrationFunctionByFunction: [SyntaxIdentifier: (index: Int, parameter: String)] = [:]
    private static let registrarTypes = ["DependencyRegistrar", "SendableRegistrar", "DependencyBuilder"]

    private static let registrationScopes: [String: RegistrationDeclaration.Scope] = [
        "registerInstance": .instance, "registerSingleton": .singleton, "registerScoped": .scoped, "provideInput": .input,
    ]

    init(path: String, tree: SourceFileSyntax) {
        summary = SourceFileSummary(path: path)
        converter = SourceLocationConverter(fileName: path, tree: tree)
        super.init(viewMode: .sourceAccurate)
    }

    private var resolver: ReceiverResolver { ReceiverResolver(rootBuilders: rootBuilders, rootContainers: rootContainers) }

    private func position(_ node: some SyntaxProtocol) -> SourcePosition {
        let location = node.startLocation(converter: converter)
        return SourcePosition(file: summary.path, line: location.line, column: location.column)
    }

    // MARK: - Types

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        readType(name: node.name.text, attributes: node.attributes, inheritance: node.inheritanceClause, members: node.memberBlock, at: node)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        readType(name: node.name.text, attributes: node.attributes, inheritance: node.inheritanceClause, members: node.memberBlock, at: node)
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        recordProperties(of: node.name.text, members: node.memberBlock)
        return .visitChildren
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        recordProperties(of: node.name.text, members: node.memberBlock)
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = SyntaxReading.normalizedTypeName(node.extendedType.trimmedDescription)
        readType(name: name, attributes: node.attributes, inheritance: node.inheritanceClause, members: node.memberBlock, at: node, isExtension: true)
        return .visitChildren
    }

    private func readType(name: String, attributes: AttributeListSyntax, inheritance: InheritanceClauseSyntax?, members: MemberBlockSyntax, at node: some SyntaxProtocol, isExtension: Bool = false) {
        recordProperties(of: name, members: members)
        if SyntaxReading.inherits(inheritance, "TestDependencyProvider") { summary.testProviders.append(name) }
        let macro = attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first { attribute in
            let attributeName = attribute.attributeName.trimmedDescription
            return attributeName == "DependencyRequirements" || attributeName.hasSuffix(".DependencyRequirements")
        }
        if let macro {
            var requirements: [RequirementDeclaration] = []
            if case .argumentList(let arguments) = macro.arguments {
                requirements = readRequirements(arguments)
            }
            summary.modules.append(ModuleDeclaration(name: name, requirements: requirements, position: position(node)))
            return
        }
        let declaredRequirements = members.members.lazy.compactMap { $0.decl.as(VariableDeclSyntax.self) }.compactMap { variable -> FunctionCallExprSyntax? in
            guard let binding = variable.bindings.first,
                  binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "requirements",
                  let value = binding.initializer?.value,
                  let call = SyntaxReading.unwrap(value).as(FunctionCallExprSyntax.self),
                  call.calledExpression.trimmedDescription == "DeclaredRequirements" else { return nil }
            return call
        }.first
        if let declaredRequirements {
            summary.modules.append(ModuleDeclaration(name: name, requirements: readRequirements(declaredRequirements.arguments), position: position(node)))
        } else if !isExtension, SyntaxReading.inherits(inheritance, "DependencyRequirements") || SyntaxReading.inherits(inheritance, "TestDependencyProvider") {
            summary.modules.append(ModuleDeclaration(name: name, requirements: [], position: position(node)))
            summary.diagnostics.append(ParseDiagnostic(severity: .warning, position: position(node), message: "\(name) conforms to DependencyRequirements but declares no readable requirements; use @DependencyRequirements(...) or `static let requirements = DeclaredRequirements(...)`"))
        }
    }

    private func readRequirements(_ arguments: LabeledExprListSyntax) -> [RequirementDeclaration] {
        var result: [RequirementDeclaration] = []
        for argument in arguments {
            let kind: RequirementDeclaration.Kind
            switch argument.label?.text {
            case nil: kind = .requirement
            case "mainActor": kind = .mainActor
            case "inputs": kind = .input
            default: continue
            }
            guard let array = SyntaxReading.unwrap(argument.expression).as(ArrayExprSyntax.self) else {
                summary.diagnostics.append(ParseDiagnostic(severity: .warning, position: position(argument), message: "cannot read requirement list `\(ReceiverResolver.shortText(argument.expression))`; write the array literally"))
                continue
            }
            for element in array.elements {
                guard let call = SyntaxReading.unwrap(element.expression).as(FunctionCallExprSyntax.self),
                      ["Requirement", "InputRequirement"].contains(call.calledExpression.trimmedDescription),
                      let first = SyntaxReading.firstArgument(call),
                      let typeName = SyntaxReading.metatypeName(first) else {
                    summary.diagnostics.append(ParseDiagnostic(severity: .warning, position: position(element), message: "cannot read requirement `\(ReceiverResolver.shortText(element.expression))`; expected Requirement(Type.self, …)"))
                    continue
                }
                let key = SyntaxReading.argument("key", in: call).map { $0.trimmedDescription }
                let accessor = SyntaxReading.stringLiteral(SyntaxReading.argument("accessorName", in: call))
                result.append(RequirementDeclaration(identity: TypeIdentity(typeName: typeName, key: key), kind: kind, accessorName: accessor, position: position(element)))
            }
        }
        return result
    }

    private func recordProperties(of owner: String, members: MemberBlockSyntax) {
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                var reference: ReceiverReference?
                if let type = binding.typeAnnotation?.type {
                    reference = resolver.reference(forType: type)
                } else if let value = binding.initializer?.value {
                    reference = resolver.resolve(value)
                }
                if let reference, !reference.isUnknown {
                    summary.properties[owner, default: [:]][name] = reference
                }
            }
        }
    }

    // MARK: - Functions and variables

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        if name == "registerDependencies" || name == "mockRegistration" {
            let builderType = name == "registerDependencies" ? "DependencyBuilder" : "MockDependencyBuilder"
            let declared = node.signature.parameterClause.parameters.first.flatMap { SyntaxReading.genericArgument(of: $0.type, base: builderType) }
            let enclosing = SyntaxReading.enclosingTypeNames(of: node).first
            if let owner = (declared == nil || declared == "Self") ? enclosing : declared {
                let block = RegistrationBlock(moduleName: owner, position: position(node))
                if name == "registerDependencies" {
                    productionBlockByFunction[node.id] = summary.productionBlocks.count
                    summary.productionBlocks.append(block)
                } else {
                    mockBlockByFunction[node.id] = summary.mockBlocks.count
                    summary.mockBlocks.append(block)
                }
            }
        } else {
            recordRegistrationFunction(node)
        }
        if let returnType = node.signature.returnClause?.type {
            let reference = resolver.reference(forType: returnType)
            if summary.functionResults[name] == nil { summary.functionResults[name] = reference }
        }
        return .visitChildren
    }

    /// A function that registers on a builder it is given (a parameter typed one of ``registrarTypes``),
    /// named `Type.function`.
    private func recordRegistrationFunction(_ node: FunctionDeclSyntax) {
        let parameters = node.signature.parameterClause.parameters
        guard let builder = parameters.first(where: { parameter in
            Self.registrarTypes.contains { SyntaxReading.genericArgument(of: parameter.type, base: $0) != nil }
        }) else { return }
        let name = SyntaxReading.enclosingTypeNames(of: node).first.map { "\($0).\(node.name.text)" } ?? node.name.text
        registrationFunctionByFunction[node.id] = (summary.registrationFunctions.count, (builder.secondName ?? builder.firstName).text)
        summary.registrationFunctions.append(RegistrationBlock(moduleName: name, position: position(node)))
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let value = binding.initializer.map({ SyntaxReading.unwrap($0.value) }),
                  let call = value.as(FunctionCallExprSyntax.self) else { continue }
            if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
               generic.expression.trimmedDescription == "DependencyBuilder",
               let owner = generic.genericArgumentClause.arguments.first?.argument.trimmedDescription {
                rootBuilders[name] = owner
                rootBuilderIndex[name] = summary.roots.count
                summary.roots.append(RootDeclaration(ownerName: SyntaxReading.normalizedTypeName(owner), position: position(binding)))
            } else if case .root(let owner) = resolver.resolve(value) {
                rootContainers[name] = owner
            }
        }
        return .visitChildren
    }

    // MARK: - Calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let (name, base) = SyntaxReading.calledMember(node) else { return .visitChildren }
        switch name {
        case "buildChild", "tryBuildChild", "buildChildWithOverrides":
            recordSite(node, name: name, base: base)
        case "importDependencies":
            recordImport(node)
        case "resolve", "resolveMainActor":
            if let first = SyntaxReading.firstArgument(node), let typeName = SyntaxReading.metatypeName(first) {
                let key = SyntaxReading.argument("key", in: node).map { $0.trimmedDescription }
                summary.manuallyResolved.append(TypeIdentity(typeName: typeName, key: key))
            }
        case "freeze":
            if let root = SyntaxReading.chain(base).root, let owner = rootBuilders[root],
               let function = node.ancestor(FunctionDeclSyntax.self) {
                summary.functionResults[function.name.text] = .root(owner)
            }
        default:
            if let scope = Self.registrationScopes[name] {
                recordRegistration(node, scope: scope, base: base)
            } else {
                recordRegistrationCall(node, name: name, base: base)
            }
        }
        return .visitChildren
    }

    /// A call that passes a root builder to a function (`LiveClients.register(in: builder, …)`): the
    /// function's registrations are the root's.
    private func recordRegistrationCall(_ node: FunctionCallExprSyntax, name: String, base: ExprSyntax?) {
        for argument in node.arguments {
            guard let reference = SyntaxReading.unwrap(argument.expression).as(DeclReferenceExprSyntax.self),
                  let index = rootBuilderIndex[reference.baseName.text] else { continue }
            let callee = base.map { "\($0.trimmedDescription).\(name)" } ?? name
            summary.roots[index].registrationCalls.append(callee)
        }
    }

    private func recordSite(_ node: FunctionCallExprSyntax, name: String, base: ExprSyntax?) {
        guard let kind = BuildSite.Kind(rawValue: name),
              let first = SyntaxReading.firstArgument(node),
              let childName = SyntaxReading.metatypeName(first) else { return }
        if childName == "Self" || SyntaxReading.enclosingGenericParameters(of: node).contains(childName) { return }
        let enclosing = SyntaxReading.enclosingTypeNames(of: node)
        let receiver: ReceiverReference
        if let base {
            receiver = resolver.resolve(base)
        } else {
            receiver = enclosing.first.map { .typeNamed($0, testMode: false) } ?? .unknown("(no receiver)")
        }
        if let closure = SyntaxReading.configureClosure(node) { siteByClosure[closure.id] = summary.sites.count }
        summary.sites.append(BuildSite(childName: childName, kind: kind, receiver: receiver, enclosingTypes: enclosing, position: position(node)))
    }

    private func recordImport(_ node: FunctionCallExprSyntax) {
        guard let first = SyntaxReading.firstArgument(node), let moduleName = SyntaxReading.metatypeName(first) else { return }
        guard case .mock(let index) = target(of: node, chainRoot: nil) else { return }
        summary.mockBlocks[index].imports.append(ImportDeclaration(moduleName: moduleName, position: position(node)))
    }

    private func recordRegistration(_ node: FunctionCallExprSyntax, scope: RegistrationDeclaration.Scope, base: ExprSyntax?) {
        guard let first = SyntaxReading.firstArgument(node), let typeName = SyntaxReading.metatypeName(first) else { return }
        let chain = SyntaxReading.chain(base)
        let key = SyntaxReading.argument("key", in: node).map { $0.trimmedDescription }
        let registration = RegistrationDeclaration(
            identity: TypeIdentity(typeName: typeName, key: key),
            scope: scope,
            isLocal: chain.members.contains("local"),
            isMainActor: chain.members.contains("mainActor"),
            position: position(node)
        )
        switch target(of: node, chainRoot: chain.root) {
        case .site(let index): summary.sites[index].registrations.append(registration)
        case .production(let index): summary.productionBlocks[index].registrations.append(registration)
        case .mock(let index): summary.mockBlocks[index].registrations.append(registration)
        case .root(let index): summary.roots[index].registrations.append(registration)
        case .function(let index): summary.registrationFunctions[index].registrations.append(registration)
        case nil: break
        }
    }

    private enum Target {
        case site(Int), production(Int), mock(Int), root(Int), function(Int)
    }

    /// Where a registration made by `node` lands: the nearest enclosing build-child closure or
    /// registration function, else the root builder it is made on.
    private func target(of node: FunctionCallExprSyntax, chainRoot: String?) -> Target? {
        var current = node.parent
        while let ancestor = current {
            if let closure = ancestor.as(ClosureExprSyntax.self), let index = siteByClosure[closure.id] { return .site(index) }
            if let function = ancestor.as(FunctionDeclSyntax.self) {
                if let index = productionBlockByFunction[function.id] { return .production(index) }
                if let index = mockBlockByFunction[function.id] { return .mock(index) }
                if let (index, parameter) = registrationFunctionByFunction[function.id], chainRoot == parameter { return .function(index) }
            }
            current = ancestor.parent
        }
        if let chainRoot, let index = rootBuilderIndex[chainRoot] { return .root(index) }
        return nil
    }
}

extension SyntaxProtocol {
    /// The nearest ancestor of the given kind.
    func ancestor<T: SyntaxProtocol>(_ kind: T.Type) -> T? {
        var current = parent
        while let node = current {
            if let match = node.as(kind) { return match }
            current = node.parent
        }
        return nil
    }
}

extension ReceiverReference {
    /// Whether nothing at all is known.
    var isUnknown: Bool {
        if case .unknown = self { return true }
        return false
    }
}

/// The whole program's dependency graph, merged from every file's summary: modules, their registration
/// blocks, roots, and build-child edges with resolved parents.
public struct ModuleGraph: Sendable {
    /// Modules by name.
    public private(set) var modules: [String: ModuleDeclaration] = [:]
    /// `registerDependencies` blocks by module.
    public private(set) var productionBlocks: [String: RegistrationBlock] = [:]
    /// `mockRegistration` blocks by module.
    public private(set) var mockBlocks: [String: RegistrationBlock] = [:]
    /// Roots by owner name.
    public private(set) var roots: [String: RootDeclaration] = [:]
    /// Production edges (`buildChild`, `tryBuildChild`), in source order.
    public private(set) var edges: [GraphEdge] = []
    /// Test-mode edges (`buildChildWithOverrides`, calls on `.testing()` values).
    public private(set) var testEdges: [GraphEdge] = []
    /// Match keys of types resolved by hand somewhere (`container.resolve(X.self)`).
    public private(set) var manuallyResolved: Set<String> = []
    /// Problems found while merging: duplicate modules, unplaceable calls, unknown children.
    public private(set) var diagnostics: [ParseDiagnostic] = []

    private var properties: [String: [String: ReceiverReference]] = [:]
    private var functionResults: [String: ReceiverReference] = [:]

    /// Merges the summaries (in the order given, which should be sorted by path for stable output).
    public init(summaries: [SourceFileSummary]) {
        var sites: [BuildSite] = []
        var registrationFunctions: [String: RegistrationBlock] = [:]
        for summary in summaries {
            diagnostics += summary.diagnostics
            for module in summary.modules {
                if let existing = modules[module.name] {
                    diagnostics.append(ParseDiagnostic(severity: .warning, position: module.position, message: "\(module.name) is declared again (first at \(existing.position)); the first declaration is used"))
                } else {
                    modules[module.name] = module
                }
            }
            for block in summary.productionBlocks { Self.merge(block, into: &productionBlocks) }
            for block in summary.mockBlocks { Self.merge(block, into: &mockBlocks) }
            for block in summary.registrationFunctions { Self.merge(block, into: &registrationFunctions) }
            for root in summary.roots {
                if var existing = roots[root.ownerName] {
                    existing.registrations += root.registrations
                    roots[root.ownerName] = existing
                } else {
                    roots[root.ownerName] = root
                }
            }
            for (owner, table) in summary.properties { properties[owner, default: [:]].merge(table) { first, _ in first } }
            functionResults.merge(summary.functionResults) { first, second in first.isRoot ? first : second.isRoot ? second : first }
            manuallyResolved.formUnion(summary.manuallyResolved.map(\.matchKey))
            sites += summary.sites
        }
        for owner in roots.keys { addRegistrationCalls(of: owner, from: registrationFunctions) }
        productionBlocks = normalized(productionBlocks)
        mockBlocks = normalized(mockBlocks)
        for site in sites { place(site) }
    }

    /// Adds to the root of `owner` what the registration functions it is passed to register: a call
    /// names the function as `Type.function` or, inside its type, as `function` when only one has that name.
    private mutating func addRegistrationCalls(of owner: String, from functions: [String: RegistrationBlock]) {
        guard var root = roots[owner] else { return }
        for call in root.registrationCalls {
            root.registrations += (functions[call] ?? Self.onlyFunction(named: call, in: functions))?.registrations ?? []
        }
        roots[owner] = root
    }

    /// The one function whose unqualified name is `name` (a call inside its own type), or `nil`.
    private static func onlyFunction(named name: String, in functions: [String: RegistrationBlock]) -> RegistrationBlock? {
        guard !name.contains(".") else { return nil }
        let named = functions.filter { $0.key.hasSuffix(".\(name)") }
        return named.count == 1 ? named.first?.value : nil
    }

    /// Blocks keyed by module name, with qualified names (`Package.XDependencies`) and their imports
    /// reduced to the declared module names.
    private func normalized(_ blocks: [String: RegistrationBlock]) -> [String: RegistrationBlock] {
        var result: [String: RegistrationBlock] = [:]
        for (name, block) in blocks.sorted(by: { $0.key < $1.key }) {
            var block = block
            block.moduleName = moduleName(name) ?? name
            for index in block.imports.indices {
                block.imports[index].moduleName = moduleName(block.imports[index].moduleName) ?? block.imports[index].moduleName
            }
            Self.merge(block, into: &result)
        }
        return result
    }

    private static func merge(_ block: RegistrationBlock, into blocks: inout [String: RegistrationBlock]) {
        if var existing = blocks[block.moduleName] {
            existing.registrations += block.registrations
            existing.imports += block.imports
            blocks[block.moduleName] = existing
        } else {
            blocks[block.moduleName] = block
        }
    }

    private mutating func place(_ site: BuildSite) {
        var site = site
        if let name = moduleName(site.childName) { site.childName = name }
        guard modules[site.childName] != nil else {
            diagnostics.append(ParseDiagnostic(severity: .warning, position: site.position, message: "\(site.kind.callName)(\(site.childName).self) builds a type that is not a @DependencyRequirements module in the analysed sources; the call is ignored"))
            return
        }
        guard let parent = parent(of: site) else {
            diagnostics.append(ParseDiagnostic(severity: .warning, position: site.position, message: "cannot tell which container \(site.kind.callName)(\(site.childName).self) is called on (receiver `\(site.receiver.displayText)`); give the receiver an explicit type such as `dependencies: ParentDependencies`"))
            return
        }
        let edge = GraphEdge(parent: parent, site: site)
        if site.isTestMode { testEdges.append(edge) } else { edges.append(edge) }
    }

    /// The node a build-child call is made on, or `nil` when it cannot be told.
    func parent(of site: BuildSite) -> GraphNode? {
        if let node = resolve(site.receiver, depth: 0) { return node }
        switch site.receiver {
        case .container, .unknown, .callResult, .property:
            if let module = site.enclosingTypes.first(where: { modules[$0] != nil }) { return .module(module) }
            if case .container = site.receiver, roots.count == 1, let root = roots.keys.first { return .root(root) }
            return nil
        case .typeNamed, .root:
            return nil
        }
    }

    private func resolve(_ reference: ReceiverReference, depth: Int) -> GraphNode? {
        guard depth < 8 else { return nil }
        switch reference {
        case .typeNamed(let name, _):
            return moduleName(name).map { .module($0) }
        case .root(let owner):
            return .root(owner)
        case .callResult(let name):
            return functionResults[name].flatMap { resolve($0, depth: depth + 1) }
        case .property(let owner, let name):
            // `dependencies.container.buildChild(…)`: a module's `container` is that module's container.
            if name == "container", let module = moduleName(owner) { return .module(module) }
            return properties[owner]?[name].flatMap { resolve($0, depth: depth + 1) }
        case .container, .unknown:
            return nil
        }
    }

    /// The module a written type name refers to: the name itself, or for a qualified name such as
    /// `HatchAdultRoutine.AdultRoutineDependencies` its last component.
    func moduleName(_ written: String) -> String? {
        if modules[written] != nil { return written }
        guard written.contains("."), let last = written.split(separator: ".").last.map(String.init), modules[last] != nil else { return nil }
        return last
    }

    /// The production edges leaving a node, in source order.
    func children(of node: GraphNode) -> [GraphEdge] {
        childrenIndex[node] ?? []
    }

    /// Production edges by parent (built lazily once by `indexed()`).
    private(set) var childrenIndex: [GraphNode: [GraphEdge]] = [:]

    /// The same graph with its child index built.
    func indexed() -> ModuleGraph {
        var copy = self
        copy.childrenIndex = Dictionary(grouping: edges, by: \.parent)
        return copy
    }
}

extension ReceiverReference {
    /// Whether this names a composition root.
    var isRoot: Bool {
        if case .root = self { return true }
        return false
    }

    /// Short text for diagnostics.
    var displayText: String {
        switch self {
        case .typeNamed(let name, _): name
        case .root(let owner): "root \(owner)"
        case .container: "DependencyContainer"
        case .callResult(let name): "\(name)()"
        case .property(let owner, let name): "\(owner).\(name)"
        case .unknown(let text): text
        }
    }
}

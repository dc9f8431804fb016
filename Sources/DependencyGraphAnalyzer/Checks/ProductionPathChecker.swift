/// Walks every path from every root down the build-child graph and checks each module's requirements
/// against what the path provides: non-local registrations of ancestors, registrations and inputs made
/// in the build-child closures along the path, and the module's own registrations. The nearest provider
/// wins, and its actor isolation must match the requirement. Paths that reach a module with the same
/// relevant providers are checked once, so shared sub-trees do not make the walk exponential.
struct ProductionPathChecker {
    private let graph: ModuleGraph
    private let subtree: SubtreeRequirements
    private var sortedSubtreeKeys: [String: [String]] = [:]
    private(set) var findings: [String: [Finding]] = [:]
    private(set) var pathCounts: [String: Int] = [:]
    private(set) var cycles: [Finding] = []
    private var reported: Set<String> = []
    private var cycleKeys: Set<String> = []
    private var visited: Set<VisitKey> = []

    private struct VisitKey: Hashable {
        var module: String
        var fingerprint: Int
    }

    init(graph: ModuleGraph, subtree: SubtreeRequirements) {
        self.graph = graph
        self.subtree = subtree
        for name in graph.modules.keys { sortedSubtreeKeys[name] = subtree.below(name).sorted() }
    }

    mutating func run() {
        for owner in graph.roots.keys.sorted() {
            var environment: [String: Provider] = [:]
            for registration in graph.roots[owner]?.registrations ?? [] where !registration.isLocal {
                environment[registration.identity.matchKey] = Provider(registration: registration, owner: "root DependencyBuilder<\(owner)>")
            }
            for edge in graph.children(of: .root(owner)) {
                visit(edge, inherited: environment, path: [owner], stack: [.root(owner)])
            }
        }
    }

    private mutating func visit(_ edge: GraphEdge, inherited: [String: Provider], path: [String], stack: [GraphNode]) {
        let name = edge.child
        guard let module = graph.modules[name] else { return }
        if let start = stack.firstIndex(of: .module(name)) {
            recordCycle(Array(stack[start...]).map(\.name) + [name], closingEdge: edge)
            return
        }
        var hasher = Hasher()
        hasher.combine(edge.site.position)
        for key in sortedSubtreeKeys[name] ?? [] {
            hasher.combine(key)
            hasher.combine(inherited[key])
        }
        let visitKey = VisitKey(module: name, fingerprint: hasher.finalize())
        pathCounts[name, default: 0] += 1
        guard visited.insert(visitKey).inserted else { return }

        let path = path + [name]
        let siteOwner = "the closure of \(edge.site.label)"
        let ownBlock = "\(name).registerDependencies"
        var local = inherited
        var forChildren = inherited
        for registration in edge.site.registrations {
            let provider = Provider(registration: registration, owner: siteOwner)
            local[provider.matchKey] = provider
            if !registration.isLocal { forChildren[provider.matchKey] = provider }
        }
        for registration in graph.productionBlocks[name]?.registrations ?? [] {
            let provider = Provider(registration: registration, owner: ownBlock)
            local[provider.matchKey] = provider
            if !registration.isLocal { forChildren[provider.matchKey] = provider }
        }
        for requirement in module.requirements {
            check(requirement, of: name, against: local, path: path, edge: edge)
        }
        for child in graph.children(of: .module(name)) {
            visit(child, inherited: forChildren, path: path, stack: stack + [.module(name)])
        }
    }

    private mutating func check(_ requirement: RequirementDeclaration, of module: String, against environment: [String: Provider], path: [String], edge: GraphEdge) {
        let key = requirement.identity.matchKey
        let parentBlock: String = switch edge.parent {
        case .root(let owner): "(not `local`) in the root DependencyBuilder<\(owner)>"
        case .module(let parent): "(not `local`) in \(parent).registerDependencies or an ancestor's"
        }
        let pathText = path.joined(separator: " → ")
        guard let provider = environment[key] else {
            let suggestion: String
            if requirement.kind == .input {
                suggestion = "provide it in the closure of \(edge.site.label): `\(requirement.registrationCall(builder: "childBuilder", mockValue: false))`"
            } else {
                suggestion = "register it with `\(requirement.registrationCall(builder: "builder", mockValue: false))` in \(module).registerDependencies, \(parentBlock), or in the closure of \(edge.site.label)"
            }
            record(Finding(kind: .unmetRequirement, module: module, requirement: requirement.identity, path: path, position: edge.site.position,
                           message: "\(requirement.identity)\(requirement.kindTag) — unmet on path \(pathText)", suggestion: suggestion), reportKey: "unmet|\(key)")
            return
        }
        if requirement.kind == .mainActor, !provider.isMainActor {
            record(Finding(kind: .mainActorMismatch, module: module, requirement: requirement.identity, path: path, position: provider.position,
                           message: "\(requirement.identity) (main actor) — registered without `mainActor` in \(provider.owner) (\(provider.position)) on path \(pathText)",
                           suggestion: "register it with `builder.mainActor.register…`, because \(module) lists it under `mainActor:`"), reportKey: "actor|\(key)")
        } else if requirement.kind != .mainActor, provider.isMainActor {
            record(Finding(kind: .mainActorMismatch, module: module, requirement: requirement.identity, path: path, position: provider.position,
                           message: "\(requirement.identity)\(requirement.kindTag) — registered with `mainActor` in \(provider.owner) (\(provider.position)) on path \(pathText), but required off the main actor",
                           suggestion: "list it under `mainActor:` in \(module)'s @DependencyRequirements, or register it without `mainActor`"), reportKey: "actor|\(key)")
        }
    }

    private mutating func record(_ finding: Finding, reportKey: String) {
        guard let module = finding.module, reported.insert("\(module)|\(reportKey)").inserted else { return }
        findings[module, default: []].append(finding)
    }

    private mutating func recordCycle(_ names: [String], closingEdge: GraphEdge) {
        let members = names.dropLast()
        guard let smallest = members.min(), let start = members.firstIndex(of: smallest) else { return }
        let rotated = Array(members[start...] + members[..<start]) + [smallest]
        let key = rotated.joined(separator: ">")
        guard cycleKeys.insert(key).inserted else { return }
        cycles.append(Finding(kind: .cycle, path: rotated, position: closingEdge.site.position,
                              message: "buildChild cycle: \(rotated.joined(separator: " → "))",
                              suggestion: "a module must not build one of its ancestors; remove or move \(closingEdge.site.label)"))
    }
}

/// For each module, the match keys required by it or by any module it (transitively) builds; a
/// registration is useful only if one of these keys is below it.
struct SubtreeRequirements {
    private(set) var own: [String: Set<String>] = [:]
    private(set) var subtree: [String: Set<String>] = [:]

    init(graph: ModuleGraph) {
        for (name, module) in graph.modules { own[name] = Set(module.requirements.map(\.identity.matchKey)) }
        var inProgress: Set<String> = []
        for name in graph.modules.keys.sorted() { _ = compute(name, graph: graph, inProgress: &inProgress) }
    }

    private mutating func compute(_ name: String, graph: ModuleGraph, inProgress: inout Set<String>) -> Set<String> {
        if let done = subtree[name] { return done }
        guard !inProgress.contains(name) else { return own[name] ?? [] }
        inProgress.insert(name)
        var keys = own[name] ?? []
        for edge in graph.children(of: .module(name)) { keys.formUnion(compute(edge.child, graph: graph, inProgress: &inProgress)) }
        inProgress.remove(name)
        subtree[name] = keys
        return keys
    }

    /// Keys required at or below the module.
    func below(_ module: String) -> Set<String> { subtree[module] ?? [] }

    /// Keys required by the module itself.
    func at(_ module: String) -> Set<String> { own[module] ?? [] }
}

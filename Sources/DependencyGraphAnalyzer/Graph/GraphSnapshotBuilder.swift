/// Turns the graph and the module verdicts into the `GraphSnapshot` kept in the report.
struct GraphSnapshotBuilder {
    let graph: ModuleGraph
    let modules: [ModuleResult]

    func snapshot() -> GraphSnapshot {
        let passed = Dictionary(modules.map { ($0.name, $0.passed) }, uniquingKeysWith: { first, _ in first })
        var nodes = graph.roots.keys.sorted().map { GraphSnapshot.Node(name: $0, isRoot: true, passed: true) }
        nodes += graph.modules.keys.sorted().map { GraphSnapshot.Node(name: $0, isRoot: false, passed: passed[$0] ?? true) }
        let imports = graph.mockBlocks.keys.sorted().flatMap { name in
            (graph.mockBlocks[name]?.imports ?? []).map { GraphSnapshot.Edge(parent: name, child: $0.moduleName, call: "importDependencies", provides: [], position: $0.position) }
        }
        return GraphSnapshot(nodes: nodes, edges: graph.edges.map(Self.edge), testEdges: graph.testEdges.map(Self.edge), imports: imports)
    }

    private static func edge(_ edge: GraphEdge) -> GraphSnapshot.Edge {
        GraphSnapshot.Edge(parent: edge.parent.name, child: edge.child, call: edge.site.kind.callName,
                           provides: edge.site.registrations.map(\.identity.description), position: edge.site.position)
    }
}

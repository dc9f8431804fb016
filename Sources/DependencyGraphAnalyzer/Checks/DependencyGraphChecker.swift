/// Runs every check over a merged `ModuleGraph` and assembles the `AnalysisReport`.
public struct DependencyGraphChecker: Sendable {
    /// The graph to check.
    public let graph: ModuleGraph

    /// Creates a checker.
    public init(graph: ModuleGraph) {
        self.graph = graph.indexed()
    }

    /// Runs the production-path, test-provider, cycle and unrequired-registration checks.
    /// - Parameter fileCount: how many Swift files the graph was read from, for the summary.
    public func check(fileCount: Int) -> AnalysisReport {
        let subtree = SubtreeRequirements(graph: graph)
        var production = ProductionPathChecker(graph: graph, subtree: subtree)
        production.run()
        let testChecker = TestProviderChecker(graph: graph)
        let modules = graph.modules.keys.sorted().compactMap { name -> ModuleResult? in
            guard let module = graph.modules[name] else { return nil }
            let findings = (production.findings[name] ?? []) + testChecker.findings(for: name)
            return ModuleResult(name: name, position: module.position, requirementCount: module.requirements.count,
                                productionPaths: production.pathCounts[name] ?? 0, hasMockRegistration: graph.mockBlocks[name] != nil,
                                findings: findings)
        }
        let warnings = UnrequiredRegistrationFinder(graph: graph, subtree: subtree).warnings()
        let diagnostics = graph.diagnostics.sorted { ($0.position.file, $0.position.line, $0.position.column) < ($1.position.file, $1.position.line, $1.position.column) }
        let snapshot = GraphSnapshotBuilder(graph: graph, modules: modules).snapshot()
        return AnalysisReport(modules: modules, cycles: production.cycles, warnings: warnings, diagnostics: diagnostics, graph: snapshot, fileCount: fileCount)
    }
}

import HatchMemberwiseInit

/// Everything one analysis found; rendered as text, JSON or a graph, and cached as a whole.
@MemberwiseInit(.public)
public struct AnalysisReport: Codable, Hashable, Sendable {
    /// One result per module, sorted by name.
    public var modules: [ModuleResult]
    /// Cycles in the build-child graph.
    public var cycles: [Finding]
    /// Registrations nobody requires.
    public var warnings: [Finding]
    /// Syntax errors, unreadable files and calls that could not be placed.
    public var diagnostics: [ParseDiagnostic]
    /// The graph.
    public var graph: GraphSnapshot
    /// How many Swift files were found.
    public var fileCount: Int

    /// Whether CI should fail: a module failed, a cycle exists, or a file could not be parsed.
    public var hasFailures: Bool {
        !cycles.isEmpty || modules.contains { !$0.passed } || diagnostics.contains { $0.severity == .error }
    }

    /// The module result with the given name.
    public func module(_ name: String) -> ModuleResult? {
        modules.first { $0.name == name }
    }
}

/// The graph as the report keeps it, for `--graph dot|mermaid` and JSON consumers.
public struct GraphSnapshot: Codable, Hashable, Sendable {
    /// One node.
    public struct Node: Codable, Hashable, Sendable {
        /// The root's owner or the module's name.
        public var name: String
        /// Whether it is a composition root.
        public var isRoot: Bool
        /// Whether its module passed (always true for roots).
        public var passed: Bool
    }

    /// One edge.
    public struct Edge: Codable, Hashable, Sendable {
        /// The parent node's name.
        public var parent: String
        /// The child module's name.
        public var child: String
        /// `buildChild`, `tryBuildChild`, `buildChildWithOverrides` or `importDependencies`.
        public var call: String
        /// Types provided in the call's closure.
        public var provides: [String]
        /// Where the call stands.
        public var position: SourcePosition
    }

    /// Nodes sorted by name, roots first.
    public var nodes: [Node]
    /// Production edges.
    public var edges: [Edge]
    /// Test-mode edges.
    public var testEdges: [Edge]
    /// `importDependencies` edges.
    public var imports: [Edge]
}

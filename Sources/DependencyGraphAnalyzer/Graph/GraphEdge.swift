/// One build-child call placed in the graph: `parent` builds `site.childName` at `site.position`.
public struct GraphEdge: Codable, Hashable, Sendable {
    /// The container the call is made on.
    public var parent: GraphNode
    /// The call.
    public var site: BuildSite

    /// Creates an edge.
    public init(parent: GraphNode, site: BuildSite) {
        self.parent = parent
        self.site = site
    }

    /// The built module.
    public var child: String { site.childName }
}

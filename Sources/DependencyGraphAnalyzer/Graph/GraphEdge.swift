import HatchMemberwiseInit

/// One build-child call placed in the graph: `parent` builds `site.childName` at `site.position`.
@MemberwiseInit(.public)
public struct GraphEdge: Codable, Hashable, Sendable {
    /// The container the call is made on.
    public var parent: GraphNode
    /// The call.
    public var site: BuildSite

    /// The built module.
    public var child: String { site.childName }
}

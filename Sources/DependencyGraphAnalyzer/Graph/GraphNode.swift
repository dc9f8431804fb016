/// A node of the build-child graph: a composition root or a module.
public enum GraphNode: Codable, Hashable, Sendable, CustomStringConvertible {
    /// `DependencyBuilder<Owner>()`, named by its owner.
    case root(String)
    /// A `@DependencyRequirements` module.
    case module(String)

    /// The name shown in paths.
    public var name: String {
        switch self {
        case .root(let name), .module(let name): name
        }
    }

    /// The name shown in paths.
    public var description: String { name }
}

/// How long a resolved instance lives. See <doc:ScopesAndVisibility>.
public enum DependencyScope: String, Sendable, Hashable, CustomStringConvertible {
    /// A new instance on every resolution (`registerInstance`).
    case transient
    /// One instance per registration, shared by the declaring container and all its descendants, created
    /// once even when many threads ask at the same moment (`registerSingleton`).
    case singleton
    /// One instance per container that resolves it (`registerScoped`).
    case scoped
    /// A value given at build time (`provideInput`).
    case input

    public var description: String {
        switch self {
        case .transient: "instance (transient)"
        case .singleton: "singleton"
        case .scoped: "scoped"
        case .input: "input"
        }
    }
}

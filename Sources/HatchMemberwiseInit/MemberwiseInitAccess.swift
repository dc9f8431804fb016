/// The access level of the initializer `@MemberwiseInit` generates. The macro reads it from the attribute's
/// source, so only the cases written literally (`.public`, `.package`, …) take effect.
public enum MemberwiseInitAccess: Sendable {
    /// `public init(…)`: for values other modules build.
    case `public`
    /// `package init(…)`: for values shared between the package's modules.
    case `package`
    /// `init(…)`: the module's own values.
    case `internal`
    /// `fileprivate init(…)`.
    case `fileprivate`
    /// `private init(…)`.
    case `private`
}

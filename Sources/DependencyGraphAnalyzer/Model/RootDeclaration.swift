import HatchMemberwiseInit

/// A composition root: `let builder = DependencyBuilder<AppRoot>()` with the registrations made on it.
@MemberwiseInit(.public)
public struct RootDeclaration: Codable, Hashable, Sendable {
    /// The owner type (`AppRoot`), which names the root in paths.
    public var ownerName: String
    /// The registrations made on the builder.
    public var registrations: [RegistrationDeclaration] = []
    /// Where the builder is created.
    public var position: SourcePosition
}

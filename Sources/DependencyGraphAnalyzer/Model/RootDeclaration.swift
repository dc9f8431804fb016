import HatchMemberwiseInit

/// A composition root: `let builder = DependencyBuilder<AppRoot>()` with the registrations made on it.
@MemberwiseInit(.public)
public struct RootDeclaration: Codable, Hashable, Sendable {
    /// The owner type (`AppRoot`), which names the root in paths.
    public var ownerName: String
    /// The registrations made on the builder.
    public var registrations: [RegistrationDeclaration] = []
    /// Registration functions the builder is passed to (`LiveClients.register(in: builder)`), by name as
    /// called; their registrations count as the root's.
    public var registrationCalls: [String] = []
    /// Where the builder is created.
    public var position: SourcePosition
}

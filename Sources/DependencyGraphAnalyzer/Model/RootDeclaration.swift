/// A composition root: `let builder = DependencyBuilder<AppRoot>()` with the registrations made on it.
public struct RootDeclaration: Codable, Hashable, Sendable {
    /// The owner type (`AppRoot`), which names the root in paths.
    public var ownerName: String
    /// The registrations made on the builder.
    public var registrations: [RegistrationDeclaration]
    /// Where the builder is created.
    public var position: SourcePosition

    /// Creates a root.
    public init(ownerName: String, registrations: [RegistrationDeclaration] = [], position: SourcePosition) {
        self.ownerName = ownerName
        self.registrations = registrations
        self.position = position
    }
}

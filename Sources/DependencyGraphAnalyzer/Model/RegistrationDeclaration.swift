import HatchMemberwiseInit

/// One `register*` or `provideInput` call found in source.
@MemberwiseInit(.public)
public struct RegistrationDeclaration: Codable, Hashable, Sendable {
    /// The lifetime the call asks for.
    public enum Scope: String, Codable, Sendable {
        /// `registerInstance`: a new value on every resolution.
        case instance
        /// `registerSingleton`: one value for the whole hierarchy.
        case singleton
        /// `registerScoped`: one value per container.
        case scoped
        /// `provideInput`: a runtime value.
        case input
    }

    /// The registered type and key.
    public var identity: TypeIdentity
    /// The lifetime.
    public var scope: Scope
    /// Registered through `builder.local`: visible to the registering container only.
    public var isLocal: Bool
    /// Registered through `mainActor`: resolvable on the main actor only.
    public var isMainActor: Bool
    /// Where the call stands.
    public var position: SourcePosition
}

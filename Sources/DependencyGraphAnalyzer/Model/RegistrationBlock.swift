import HatchMemberwiseInit

/// The registrations of one `registerDependencies` or `mockRegistration` function.
@MemberwiseInit(.public)
public struct RegistrationBlock: Codable, Hashable, Sendable {
    /// The module the function belongs to.
    public var moduleName: String
    /// The `register*` / `provideInput` calls, in source order.
    public var registrations: [RegistrationDeclaration] = []
    /// The modules passed to `importDependencies` (test mode only), in source order.
    public var imports: [ImportDeclaration] = []
    /// Where the function is declared.
    public var position: SourcePosition
}

/// One `builder.importDependencies(X.self)` call.
@MemberwiseInit(.public)
public struct ImportDeclaration: Codable, Hashable, Sendable {
    /// The imported module.
    public var moduleName: String
    /// Where the call stands.
    public var position: SourcePosition
}

import HatchMemberwiseInit

/// One entry of a module's `@DependencyRequirements(...)` (or hand-written `DeclaredRequirements`).
@MemberwiseInit(.public)
public struct RequirementDeclaration: Codable, Hashable, Sendable {
    /// Which list of the declaration the entry comes from.
    public enum Kind: String, Codable, Sendable {
        /// `Requirement(...)` in the first list: resolved off the main actor.
        case requirement
        /// `Requirement(...)` in `mainActor:`: must be registered with `mainActor`.
        case mainActor
        /// `InputRequirement(...)` in `inputs:`: a runtime value given with `provideInput`.
        case input
    }

    /// The required type and key.
    public var identity: TypeIdentity
    /// The list it was declared in.
    public var kind: Kind
    /// The custom accessor name, when one was given.
    public var accessorName: String? = nil
    /// Where it was declared.
    public var position: SourcePosition
}

import HatchMemberwiseInit

/// A feature module: a type with `@DependencyRequirements` (or a hand-written `DependencyRequirements`
/// conformance with `static let requirements = DeclaredRequirements(...)`).
@MemberwiseInit(.public)
public struct ModuleDeclaration: Codable, Hashable, Sendable {
    /// The type's name, e.g. `AdultRoutineDependencies`.
    public var name: String
    /// Every requirement, main-actor requirement and input, in declaration order.
    public var requirements: [RequirementDeclaration]
    /// Where the type is declared.
    public var position: SourcePosition
}

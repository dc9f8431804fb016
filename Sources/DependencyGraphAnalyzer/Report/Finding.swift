import HatchMemberwiseInit

/// One thing wrong (or worth a look) found by the checks, with what to do about it.
@MemberwiseInit(.public)
public struct Finding: Codable, Hashable, Sendable {
    /// What kind of problem it is.
    public enum Kind: String, Codable, Sendable {
        /// A requirement no registration or input provides on some path from a root.
        case unmetRequirement
        /// The nearest registration has the wrong actor isolation for the requirement.
        case mainActorMismatch
        /// The module's mocks and imports do not cover a requirement.
        case unmetInTestMode
        /// The mock that covers a requirement has the wrong actor isolation.
        case mainActorMismatchInTestMode
        /// A child the module builds is not imported by its `mockRegistration`.
        case childNotImported
        /// `importDependencies` names a module without a `mockRegistration`.
        case importWithoutMocks
        /// The build-child graph has a cycle.
        case cycle
        /// A registration no module that can see it requires.
        case unrequiredRegistration

        /// Whether this kind is about one of the module's requirements (counted in "k of N unmet").
        public var isRequirementProblem: Bool {
            switch self {
            case .unmetRequirement, .mainActorMismatch, .unmetInTestMode, .mainActorMismatchInTestMode: true
            default: false
            }
        }
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The module it is about, when there is one.
    public var module: String? = nil
    /// The requirement it is about, when there is one.
    public var requirement: TypeIdentity? = nil
    /// The path from a root, when the problem is on a path.
    public var path: [String]? = nil
    /// The line to look at.
    public var position: SourcePosition? = nil
    /// What is wrong.
    public var message: String
    /// What to do.
    public var suggestion: String
}

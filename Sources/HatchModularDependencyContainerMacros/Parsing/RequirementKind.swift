/// Which list of `@DependencyRequirements(...)` a requirement comes from; decides its accessor's isolation.
enum RequirementKind: CaseIterable {
    /// The first, unlabelled list: Sendable dependencies with non-isolated accessors.
    case requirement
    /// `mainActor:`: dependencies resolved on the main actor, with `@MainActor` accessors.
    case mainActor
    /// `inputs:`: runtime values provided by `buildChild`'s closure, with non-isolated accessors.
    case input

    /// The argument label of the list, nil for the first list.
    var argumentLabel: String? {
        switch self {
        case .requirement: return nil
        case .mainActor: return "mainActor"
        case .input: return "inputs"
        }
    }

    /// How the list is named in diagnostics.
    var listDescription: String {
        argumentLabel.map { "`\($0):`" } ?? "the requirements list"
    }

    /// The initializer each element must call.
    var expectedCallee: String {
        self == .input ? "InputRequirement" : "Requirement"
    }

    /// The `DependencyContainer` method a generated accessor calls.
    var containerMethod: String {
        switch self {
        case .requirement: return "requirement"
        case .mainActor: return "mainActorRequirement"
        case .input: return "input"
        }
    }
}

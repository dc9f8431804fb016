/// Everything a module declares: requirements resolved anywhere, requirements resolved on the main actor,
/// and runtime inputs. `buildChild` checks all of them at once.
public struct DeclaredRequirements: Sendable {
    /// Sendable dependencies, resolved with `container.resolve`.
    public let requirements: [Requirement]
    /// Main-actor dependencies, resolved with `container.resolveMainActor`.
    public let mainActor: [Requirement]
    /// Runtime values provided at navigation time.
    public let inputs: [InputRequirement]

    /// Declares a module's requirements, main-actor requirements and inputs.
    public init(_ requirements: [Requirement] = [], mainActor: [Requirement] = [], inputs: [InputRequirement] = []) {
        self.requirements = requirements
        self.mainActor = mainActor
        self.inputs = inputs
    }
}

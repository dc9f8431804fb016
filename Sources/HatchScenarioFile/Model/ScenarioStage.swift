/// One stage: what happens, for how long, and what must hold when it ends.
public struct ScenarioStage: Sendable, Equatable {
    /// The stage's name (unique in the file).
    public var name: String
    /// How long it lasts.
    public var length: StageLength
    /// What it does, started in this order when the stage begins.
    public var actions: [StageAction]
    /// Expectations over this stage alone.
    public var expectations: [Expectation]
    /// Whether the stage is the point of the scenario: when every essential stage is not applicable on
    /// a target, the scenario is not passed.
    public var essential: Bool
    /// Where the stage was written.
    public var location: FieldLocation

    /// Creates a stage.
    public init(name: String, length: StageLength, actions: [StageAction] = [], expectations: [Expectation] = [], essential: Bool = true,
                location: FieldLocation) {
        self.name = name
        self.length = length
        self.actions = actions
        self.expectations = expectations
        self.essential = essential
        self.location = location
    }
}

/// How long a stage lasts.
public enum StageLength: Sendable, Equatable {
    /// Seconds on the simulated clock (`duration: 30m`).
    case simulated(seconds: Double)
    /// Real seconds (`realDuration: 20s`).
    case real(seconds: Double)
    /// Until a condition holds, at most `timeout` real seconds (`until: allOnline`, `timeout: 60s`).
    case until(StageCondition, timeout: Double)
}

/// A condition that ends a stage.
public enum StageCondition: String, Sendable, Equatable, CaseIterable {
    /// Every device of the fleet is online.
    case allOnline
    /// Every command the stage's clients sent is answered or has failed.
    case commandsSettled
    /// Every alarm the scenario created has fired and been snoozed, dismissed or ended.
    case alarmsDone
}

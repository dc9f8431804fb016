import HatchMemberwiseInit

/// The simulated fleet's clock as the page shows it.
@MemberwiseInit(.public)
public struct SimulationStatus: Sendable, Hashable, Codable {
    /// The simulated time, ISO 8601 UTC.
    public var time: String
    /// Simulated seconds per real second; 0 when paused.
    public var speed: Double
    /// The fault kinds the page offers.
    public var faults: [String]
    /// The scenario running on the fleet, when one does (`hatchctl scenario run --dashboard-port`).
    public var scenario: ScenarioStatus? = nil
}

/// A running scenario as the page shows it: the stage and the expectations as they settle.
@MemberwiseInit(.public)
public struct ScenarioStatus: Sendable, Hashable, Codable {
    /// One expectation: its threshold, the value measured and `pass`, `fail` or `notApplicable`.
    @MemberwiseInit(.public)
    public struct Expectation: Sendable, Hashable, Codable {
        public var threshold: String
        public var measured: String
        public var verdict: String
    }

    /// The scenario's name.
    public var name: String
    /// `stage 2/4 storm`, or the verdict once it ended.
    public var stage: String
    /// The expectations settled so far.
    public var expectations: [Expectation]
}

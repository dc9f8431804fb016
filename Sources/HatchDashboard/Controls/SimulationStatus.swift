/// The simulated fleet's clock as the page shows it.
public struct SimulationStatus: Sendable, Hashable, Codable {
    /// The simulated time, ISO 8601 UTC.
    public var time: String
    /// Simulated seconds per real second; 0 when paused.
    public var speed: Double
    /// The fault kinds the page offers.
    public var faults: [String]
    /// The scenario running on the fleet, when one does (`hatchctl scenario run --dashboard-port`).
    public var scenario: ScenarioStatus? = nil

    /// Creates the simulated fleet's clock as the page shows it.
    public init(time: String, speed: Double, faults: [String], scenario: ScenarioStatus? = nil) {
        self.time = time
        self.speed = speed
        self.faults = faults
        self.scenario = scenario
    }
}

/// A running scenario as the page shows it: the stage and the expectations as they settle.
public struct ScenarioStatus: Sendable, Hashable, Codable {
    /// One expectation: its threshold, the value measured and `pass`, `fail` or `notApplicable`.
    public struct Expectation: Sendable, Hashable, Codable {
        /// E.g. `storm: commands.lost ≤ 0`.
        public var threshold: String
        /// The value measured, as shown.
        public var measured: String
        /// `pass`, `fail` or `notApplicable`.
        public var verdict: String

        /// An expectation as the page shows it.
        public init(threshold: String, measured: String, verdict: String) {
            self.threshold = threshold
            self.measured = measured
            self.verdict = verdict
        }
    }

    /// The scenario's name.
    public var name: String
    /// `stage 2/4 storm`, or the verdict once it ended.
    public var stage: String
    /// The expectations settled so far.
    public var expectations: [Expectation]

    /// A scenario's status as the page shows it.
    public init(name: String, stage: String, expectations: [Expectation]) {
        self.name = name
        self.stage = stage
        self.expectations = expectations
    }
}

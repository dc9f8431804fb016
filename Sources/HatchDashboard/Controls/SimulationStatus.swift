/// The simulated fleet's clock as the page shows it.
package struct SimulationStatus: Sendable, Hashable, Codable {
    /// The simulated time, ISO 8601 UTC.
    package var time: String
    /// Simulated seconds per real second; 0 when paused.
    package var speed: Double
    /// The fault kinds the page offers.
    package var faults: [String]
    /// The scenario running on the fleet, when one does (`hatchctl scenario run --dashboard-port`).
    package var scenario: ScenarioStatus? = nil

    /// Creates the simulated fleet's clock as the page shows it.
    package init(time: String, speed: Double, faults: [String], scenario: ScenarioStatus? = nil) {
        self.time = time
        self.speed = speed
        self.faults = faults
        self.scenario = scenario
    }
}

/// A running scenario as the page shows it: the stage and the expectations as they settle.
package struct ScenarioStatus: Sendable, Hashable, Codable {
    /// One expectation: its threshold, the value measured and `pass`, `fail` or `notApplicable`.
    package struct Expectation: Sendable, Hashable, Codable {
        /// E.g. `storm: commands.lost ≤ 0`.
        package var threshold: String
        /// The value measured, as shown.
        package var measured: String
        /// `pass`, `fail` or `notApplicable`.
        package var verdict: String

        /// An expectation as the page shows it.
        package init(threshold: String, measured: String, verdict: String) {
            self.threshold = threshold
            self.measured = measured
            self.verdict = verdict
        }
    }

    /// The scenario's name.
    package var name: String
    /// `stage 2/4 storm`, or the verdict once it ended.
    package var stage: String
    /// The expectations settled so far.
    package var expectations: [Expectation]

    /// A scenario's status as the page shows it.
    package init(name: String, stage: String, expectations: [Expectation]) {
        self.name = name
        self.stage = stage
        self.expectations = expectations
    }
}

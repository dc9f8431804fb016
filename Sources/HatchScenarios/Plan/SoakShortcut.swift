import HatchScenarioFile

/// What `hatchctl fleet soak` runs: the shipped soak scenario (`scenarios/soak.yaml`) with its size,
/// length, memory bound and clock from the command line in place of the file's.
public struct SoakShortcut: Sendable, Equatable {
    /// Devices of the generated fleet, in the file's product mix.
    public var devices: Int
    /// Real minutes each stage lasts.
    public var minutes: Double
    /// Memory growth after the warm-up, in percent, that fails the run.
    public var growthPercent: Double
    /// The clock's speed.
    public var speed: Double

    /// The shortcut's settings.
    public init(devices: Int, minutes: Double, growthPercent: Double, speed: Double) {
        self.devices = devices
        self.minutes = minutes
        self.growthPercent = growthPercent
        self.speed = speed
    }

    /// The soak scenario with these settings.
    public func scenario() throws(ScenarioFileError) -> Scenario {
        var scenario = try ShippedScenario.soak.read()
        scenario.clock.speed = speed
        for index in scenario.stages.indices { scenario.stages[index].length = .real(seconds: minutes * 60) }
        scenario.expectations = scenario.expectations.map { expectation in
            var expectation = expectation
            if expectation.metric == .memoryGrowth { expectation.bound = growthPercent / 100 }
            return expectation
        }
        scenario.resizeGeneratedFleet(to: devices)
        return scenario
    }
}

import HatchScenarioFile

/// Where a running scenario stands, for a live view: the stage and the expectations settled so far.
public struct ScenarioLiveStatus: Sendable, Codable, Equatable {
    /// The scenario's name.
    public var scenario: String
    /// The stage running, or `nil` before the first and after the last.
    public var stage: String?
    /// Its 1-based number and the number of stages.
    public var stageNumber: Int
    public var stageCount: Int
    /// The expectations settled so far (stages that ended; the run's at the end).
    public var expectations: [ExpectationResult]
    /// The verdict once the run ended.
    public var verdict: ScenarioResult.Verdict?

    /// Creates a status.
    public init(scenario: String, stage: String?, stageNumber: Int, stageCount: Int, expectations: [ExpectationResult],
                verdict: ScenarioResult.Verdict? = nil) {
        self.scenario = scenario
        self.stage = stage
        self.stageNumber = stageNumber
        self.stageCount = stageCount
        self.expectations = expectations
        self.verdict = verdict
    }

    /// The status of a finished run.
    public init(result: ScenarioResult) {
        self.init(scenario: result.scenario, stage: nil, stageNumber: result.stages.count, stageCount: result.stages.count,
                  expectations: result.expectations, verdict: result.verdict)
    }
}

import Foundation
import HatchScenarioFile

/// A plan as `hatchctl scenario check` prints it: the fleet, the clock and each stage's actions and
/// expectations, in text or as JSON.
public struct ScenarioPlanSummary: Encodable, Sendable {
    /// One stage: its length, its actions and its expectations.
    public struct Stage: Encodable, Sendable {
        /// The stage's name.
        public let name: String
        /// How long it lasts, in words.
        public let length: String
        /// Its actions, as progress lines name them.
        public let actions: [String]
        /// Its expectations' thresholds.
        public let expectations: [String]
        /// What the plan left out and why.
        public let notes: [String]
    }

    /// The scenario's name.
    public let scenario: String
    /// The file.
    public let file: String
    /// Devices in the fleet.
    public let devices: Int
    /// How many processes run them (`fleet.shards`).
    public let shards: Int
    /// The seed.
    public let seed: UInt64
    /// The clock's start as written, or `nil` for now.
    public let clockStart: String?
    /// The clock's speed.
    public let speed: Double
    /// The stages.
    public let stages: [Stage]
    /// The run's expectations' thresholds.
    public let expectations: [String]

    /// The summary of `plan`.
    public init(_ plan: ScenarioPlan) {
        scenario = plan.scenario.name
        file = plan.scenario.file
        devices = plan.deviceCount
        shards = plan.scenario.fleet.shards
        seed = plan.seed
        clockStart = plan.scenario.clock.startText
        speed = plan.scenario.clock.speed
        stages = plan.stages.map { planned in
            Stage(name: planned.stage.name, length: Self.describe(planned.stage.length), actions: planned.actions.map(\.label),
                  expectations: planned.stage.expectations.map(\.threshold), notes: planned.notes)
        }
        expectations = plan.scenario.expectations.map(\.threshold)
    }

    static func describe(_ length: StageLength) -> String {
        switch length {
        case .simulated(let seconds): "\(String(format: "%g", seconds)) simulated s"
        case .real(let seconds): "\(String(format: "%g", seconds)) real s"
        case .until(let condition, let timeout): "until \(condition.rawValue) (at most \(String(format: "%g", timeout)) real s)"
        }
    }

    /// The plan in lines of text.
    public var text: String {
        var lines = ["\(file): valid — \(scenario), \(devices) devices\(shards > 1 ? " in \(shards) shard processes" : ""), seed \(seed), clock \(clockStart ?? "now") ×\(String(format: "%g", speed))"]
        for (index, stage) in stages.enumerated() {
            lines.append("  \(index + 1). \(stage.name) (\(stage.length))")
            for action in stage.actions { lines.append("       \(action)") }
            for note in stage.notes { lines.append("       note: \(note)") }
            for expectation in stage.expectations { lines.append("       expect \(expectation)") }
        }
        for expectation in expectations { lines.append("  expect \(expectation)") }
        return lines.joined(separator: "\n")
    }
}

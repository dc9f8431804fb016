import Foundation

/// What a scenario run found: the verdict, each expectation with its measured value, the stages, and
/// the samples and marks the report's charts are drawn from. `--json` prints it; the HTML and JUnit
/// reports are drawn from it.
public struct ScenarioResult: Sendable, Codable, Equatable {
    /// The run's verdict.
    public enum Verdict: String, Sendable, Codable, Equatable {
        /// Every expectation held.
        case pass
        /// An expectation failed, or the run could not be carried out.
        case fail
        /// Every essential stage was not applicable on the target: not passed.
        case notApplicable
        /// Stopped by Ctrl-C (or SIGTERM) before the end.
        case interrupted
    }

    /// The scenario's name.
    public var scenario: String
    /// The scenario file.
    public var file: String
    /// What it ran against, e.g. `private mosquitto, 10000 devices in this process`.
    public var target: String
    /// Whether the engine started the fleet (simulator-only steps can run).
    public var simulated: Bool
    /// The seed used.
    public var seed: UInt64
    /// The verdict.
    public var verdict: Verdict
    /// Why the run failed when no expectation says so (e.g. the broker did not start).
    public var error: String?
    /// When the run began (real time, ISO 8601).
    public var startedAt: String
    /// Real seconds the run took.
    public var realSeconds: Double
    /// The simulated clock at the start and at the end (ISO 8601), when known.
    public var simulatedStart: String?
    public var simulatedEnd: String?
    /// Devices in the fleet.
    public var devices: Int
    /// The stages as they ran.
    public var stages: [StageResult]
    /// Every expectation, per stage first, then the run's.
    public var expectations: [ExpectationResult]
    /// Every metric measured over the whole run, by name (also those no expectation names).
    public var metrics: [String: Double]
    /// Samples about once per real second, for the charts.
    public var samples: [ScenarioSample]
    /// Faults, broker kills, clock changes and stage boundaries on the time axis.
    public var marks: [TimelineMark]

    /// Creates a result.
    public init(scenario: String, file: String, target: String, simulated: Bool, seed: UInt64, verdict: Verdict, error: String? = nil,
                startedAt: String, realSeconds: Double = 0, simulatedStart: String? = nil, simulatedEnd: String? = nil, devices: Int,
                stages: [StageResult] = [], expectations: [ExpectationResult] = [], metrics: [String: Double] = [:],
                samples: [ScenarioSample] = [], marks: [TimelineMark] = []) {
        self.scenario = scenario
        self.file = file
        self.target = target
        self.simulated = simulated
        self.seed = seed
        self.verdict = verdict
        self.error = error
        self.startedAt = startedAt
        self.realSeconds = realSeconds
        self.simulatedStart = simulatedStart
        self.simulatedEnd = simulatedEnd
        self.devices = devices
        self.stages = stages
        self.expectations = expectations
        self.metrics = metrics
        self.samples = samples
        self.marks = marks
    }

    /// The verdict the expectations and stages give: fail when one failed, not applicable when every
    /// essential stage was, else pass. An interrupted or errored run keeps its verdict.
    public static func verdict(expectations: [ExpectationResult], stages: [StageResult]) -> Verdict {
        if expectations.contains(where: { $0.verdict == .fail }) { return .fail }
        let essential = stages.filter(\.essential)
        if !essential.isEmpty, essential.allSatisfy({ $0.notApplicable != nil }) { return .notApplicable }
        return .pass
    }

    /// The process exit status: 0 passed, 1 failed or not applicable, 130 interrupted.
    public var exitStatus: Int32 {
        switch verdict {
        case .pass: 0
        case .fail, .notApplicable: 1
        case .interrupted: 130
        }
    }
}

/// One stage as it ran.
public struct StageResult: Sendable, Codable, Equatable {
    /// The stage's name.
    public var name: String
    /// Whether it is essential.
    public var essential: Bool
    /// Real seconds after the run began, at the stage's start and end.
    public var realStart: Double
    public var realEnd: Double
    /// The simulated clock at its start and end (ISO 8601), when known.
    public var simulatedStart: String?
    public var simulatedEnd: String?
    /// Why the whole stage could not run on this target, or `nil` when it ran.
    public var notApplicable: String?
    /// Actions of the stage skipped on this target (e.g. `clock jump: needs the simulator`).
    public var skippedActions: [String]
    /// Every metric measured over the stage, by name.
    public var metrics: [String: Double]

    /// Creates a stage result.
    public init(name: String, essential: Bool, realStart: Double, realEnd: Double, simulatedStart: String? = nil, simulatedEnd: String? = nil,
                notApplicable: String? = nil, skippedActions: [String] = [], metrics: [String: Double] = [:]) {
        self.name = name
        self.essential = essential
        self.realStart = realStart
        self.realEnd = realEnd
        self.simulatedStart = simulatedStart
        self.simulatedEnd = simulatedEnd
        self.notApplicable = notApplicable
        self.skippedActions = skippedActions
        self.metrics = metrics
    }
}

/// One expectation's outcome.
public struct ExpectationResult: Sendable, Codable, Equatable {
    /// Pass, fail, or not applicable (the target cannot measure it).
    public enum Verdict: String, Sendable, Codable, Equatable {
        case pass, fail, notApplicable
    }

    /// The metric's name.
    public var metric: String
    /// The stage it belongs to, or `nil` for the run.
    public var stage: String?
    /// The threshold as written, e.g. `commands.latency.p99 ≤ 2 ms`.
    public var threshold: String
    /// The measured value in the metric's unit, when measured.
    public var measured: Double?
    /// The measured value as shown, e.g. `3.1 ms`.
    public var measuredText: String
    /// The outcome.
    public var verdict: Verdict
    /// Why it failed or is not applicable.
    public var message: String?
    /// `file:line` of the expectation.
    public var source: String

    /// Creates an outcome.
    public init(metric: String, stage: String?, threshold: String, measured: Double?, measuredText: String, verdict: Verdict, message: String? = nil,
                source: String) {
        self.metric = metric
        self.stage = stage
        self.threshold = threshold
        self.measured = measured
        self.measuredText = measuredText
        self.verdict = verdict
        self.message = message
        self.source = source
    }

    /// The test case's name in JUnit: `stage: threshold` or `run: threshold`.
    public var caseName: String { "\(stage ?? "run"): \(threshold)" }
}

/// What the fleet looked like at one moment, for the charts.
public struct ScenarioSample: Sendable, Codable, Equatable {
    /// Real seconds after the run began.
    public var t: Double
    /// The simulated clock (seconds since 1970), when known.
    public var simulated: Double?
    /// The stage running.
    public var stage: String
    /// Devices online.
    public var online: Int
    /// Messages per real second since the last sample (fleet in and out).
    public var messagesPerSecond: Double
    /// Commands answered since the last sample and their command → reported percentiles (ms), when any.
    public var commandsAnswered: Int
    public var latencyP50: Double?
    public var latencyP99: Double?
    /// Alarms that rang since the last sample.
    public var alarmsFired: Int
    /// Resident memory of the fleet's process, in megabytes, when measured.
    public var memoryMegabytes: Double?

    /// Creates a sample.
    public init(t: Double, simulated: Double? = nil, stage: String, online: Int, messagesPerSecond: Double = 0, commandsAnswered: Int = 0,
                latencyP50: Double? = nil, latencyP99: Double? = nil, alarmsFired: Int = 0, memoryMegabytes: Double? = nil) {
        self.t = t
        self.simulated = simulated
        self.stage = stage
        self.online = online
        self.messagesPerSecond = messagesPerSecond
        self.commandsAnswered = commandsAnswered
        self.latencyP50 = latencyP50
        self.latencyP99 = latencyP99
        self.alarmsFired = alarmsFired
        self.memoryMegabytes = memoryMegabytes
    }
}

/// Something marked on the charts' time axis.
public struct TimelineMark: Sendable, Codable, Equatable {
    /// What kind of mark.
    public enum Kind: String, Sendable, Codable, Equatable {
        case stage, fault, broker, clock
    }

    /// Real seconds after the run began.
    public var t: Double
    /// The kind.
    public var kind: Kind
    /// What happened, e.g. `broker kill 3/10`.
    public var label: String

    /// Creates a mark.
    public init(t: Double, kind: Kind, label: String) {
        self.t = t
        self.kind = kind
        self.label = label
    }
}

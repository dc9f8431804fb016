import Foundation
import HatchDeviceSimulator
import HatchMQTT
import HatchScenarioFile

/// Runs a planned scenario: starts its target, runs the stages in order on the simulated clock, samples
/// the fleet for the charts, measures every metric per stage and for the run, and decides each
/// expectation. `hatchctl scenario run` composes it; the hardware-in-loop kit exposes it to app tests.
///
/// Cancelling the task that runs ``run()`` stops the run cleanly (clients, fleet, broker) and returns
/// the result so far, marked interrupted.
public struct ScenarioEngine: Sendable {
    /// How a run reports and where it runs.
    public struct Options: Sendable {
        /// The target.
        public var target: ScenarioTargetChoice
        /// Progress lines (a line per stage and a status line every few seconds).
        public var progress: @Sendable (String) -> Void
        /// Told whenever the stage changes or an expectation settles, e.g. for the live dashboard.
        public var status: @Sendable (ScenarioLiveStatus) -> Void
        /// Real time between two samples.
        public var sampleInterval: Duration
        /// Told once the target is up, before the first stage: where it runs, e.g. for a live dashboard.
        public var targetStarted: @Sendable (ScenarioTargetInfo) async -> Void
        /// What starts the fleet's shard processes when the file asks for `fleet.shards` above 1.
        public var shardLauncher: ShardLauncher?

        /// Creates options.
        public init(target: ScenarioTargetChoice = .simulated, progress: @escaping @Sendable (String) -> Void = { _ in },
                    status: @escaping @Sendable (ScenarioLiveStatus) -> Void = { _ in }, sampleInterval: Duration = .seconds(1),
                    targetStarted: @escaping @Sendable (ScenarioTargetInfo) async -> Void = { _ in }, shardLauncher: ShardLauncher? = nil) {
            self.targetStarted = targetStarted
            self.shardLauncher = shardLauncher
            self.target = target
            self.progress = progress
            self.status = status
            self.sampleInterval = sampleInterval
        }
    }

    /// The plan it runs.
    public let plan: ScenarioPlan
    /// How.
    public let options: Options

    /// Creates an engine for `plan`.
    public init(plan: ScenarioPlan, options: Options = Options()) {
        self.plan = plan
        self.options = options
    }

    /// Runs the scenario and returns what it found. Never throws: a target that does not start, or a
    /// stage that cannot run, is the result's error and a failed verdict.
    public func run() async -> ScenarioResult {
        let recorder = ScenarioRecorder()
        let run = String(UUID().uuidString.prefix(6)).lowercased()
        let ledgers = LedgerRouter()
        var result = ScenarioResult(scenario: plan.scenario.name, file: plan.scenario.file, target: "-", simulated: false, seed: plan.seed,
                                    verdict: .fail, startedAt: ISO8601DateFormatter().string(from: Date()), devices: plan.deviceCount)
        let say = options.progress
        let target: RunningTarget
        do {
            target = try await RunningTarget.start(plan, choice: options.target, launcher: options.shardLauncher, run: run, recorder: recorder, ledgers: ledgers)
        } catch {
            result.error = "the target did not start: \(error)"
            result.realSeconds = recorder.now
            return result
        }
        result.target = target.label
        result.simulated = target.simulated
        result.simulatedStart = target.clock.map { Self.iso($0.now) }
        say("\(plan.scenario.name): \(target.label), seed \(plan.seed)")
        await options.targetStarted(ScenarioTargetInfo(
            brokerURL: target.brokerURL, credentials: target.credentials, tls: target.tls, devices: plan.definition.devices.map(\.profile),
            fleet: target.fleet, clock: target.clock))
        let sampler = Sampler(target: target, recorder: recorder, interval: options.sampleInterval, say: say)
        let samplerTask = Task { await sampler.run() }
        let stages = StageSequence(plan: plan, target: target, recorder: recorder, ledgers: ledgers, run: run, sampler: sampler, options: options)
        var interrupted = false
        do {
            try await stages.run(into: &result)
        } catch is CancellationError {
            interrupted = true
        } catch {
            result.error = "\(error)"
        }
        if Task.isCancelled { interrupted = true }
        samplerTask.cancel()
        _ = await samplerTask.value
        let realEnd = recorder.now
        result.simulatedEnd = target.clock.map { Self.iso($0.now) }
        let memoryEnd = target.residentMemoryBytes
        let online = target.online
        await Task.detached { await target.stop() }.value
        let denied = target.denied
        say("stopped the target")

        // The run's window: every stage's commands, the fleet's figures from the first sample on.
        let samples = recorder.samples
        let warm = samples.first { $0.t >= realEnd / 5 }?.memoryMegabytes.map { Int($0 * 1_048_576) }
        let fleet = MeasuredMetrics.Fleet(
            simulated: target.simulated, devices: plan.deviceCount, online: online, messages: stages.totalMessages,
            realSeconds: realEnd, simulatedStart: result.simulatedStart.flatMap(Self.date), simulatedEnd: result.simulatedEnd.flatMap(Self.date),
            memoryBaseline: target.memoryBaseline, memoryWarm: warm, memoryEnd: memoryEnd, tolerance: stages.tolerance,
            commands: stages.allCommands, denied: denied.count, deniedUnavailable: denied.unavailable)
        let measured = MeasuredMetrics.measure(recorder.window(from: 0, to: realEnd), fleet: fleet)
        result.metrics = Dictionary(uniqueKeysWithValues: measured.values.map { ($0.key.rawValue, $0.value) })
        for expectation in plan.scenario.expectations {
            result.expectations.append(ExpectationJudge.judge(expectation, stage: nil, measured: measured, ran: true))
        }
        result.samples = samples
        result.marks = recorder.marks
        result.realSeconds = recorder.now
        if interrupted {
            result.verdict = .interrupted
        } else if result.error != nil {
            result.verdict = .fail
        } else {
            result.verdict = ScenarioResult.verdict(expectations: result.expectations, stages: result.stages)
        }
        options.status(ScenarioLiveStatus(result: result))
        return result
    }

    static func iso(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    static func date(_ text: String) -> Date? {
        ISO8601DateFormatter().date(from: text)
    }
}

import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchFleetProbes
import HatchMQTT
import HatchScenarioFile
import Synchronization

/// Runs the stages of a plan in order: starts each stage's actions, waits for its length, settles its
/// commands, measures its window and decides its expectations.
final class StageSequence: Sendable {
    let plan: ScenarioPlan
    let target: RunningTarget
    let recorder: ScenarioRecorder
    let ledgers: LedgerRouter
    let run: String
    let sampler: Sampler
    let options: ScenarioEngine.Options
    private let totals = Mutex<CommandLedger.Totals>(CommandLedger.Totals())
    private let messagesAtStart = Mutex<Int?>(nil)

    init(plan: ScenarioPlan, target: RunningTarget, recorder: ScenarioRecorder, ledgers: LedgerRouter, run: String, sampler: Sampler,
         options: ScenarioEngine.Options) {
        self.plan = plan
        self.target = target
        self.recorder = recorder
        self.ledgers = ledgers
        self.run = run
        self.sampler = sampler
        self.options = options
    }

    /// Every stage's commands, added up.
    var allCommands: CommandLedger.Totals { totals.withLock { $0 } }

    /// Fleet messages since the devices began connecting.
    var totalMessages: Int? {
        guard let now = target.messages else { return nil }
        return now - (messagesAtStart.withLock { $0 } ?? 0)
    }

    /// How long the shard processes' devices get to come online before the first stage: 30 s, and a
    /// second for each 200 devices.
    var connectTimeout: Duration { .seconds(30 + plan.deviceCount / 200) }

    /// Simulated seconds an event may lie off its time: a real second at the clock's speed, at least five.
    var tolerance: Double { max(5, (target.clock?.speed ?? plan.scenario.clock.speed).rounded(.up)) }

    func run(into result: inout ScenarioResult) async throws {
        let say = options.progress
        let connectsLater = plan.connectRate != nil
        if target.simulated, !connectsLater {
            say("connecting \(plan.deviceCount) devices" + (target.shards == nil ? "" : " in \(plan.scenario.fleet.shards) shard processes"))
            messagesAtStart.withLock { $0 = target.messages }
            try await target.startFleet(connectRate: nil, timeout: connectTimeout)
            say("\(target.online)/\(plan.deviceCount) online")
        }
        var settled: [ExpectationResult] = []
        for (index, planned) in plan.stages.enumerated() {
            try Task.checkCancellation()
            let stage = planned.stage
            options.status(ScenarioLiveStatus(scenario: plan.scenario.name, stage: stage.name, stageNumber: index + 1,
                                              stageCount: plan.stages.count, expectations: settled))
            let outcome = try await runStage(planned, number: index + 1)
            result.stages.append(outcome.stage)
            result.expectations += outcome.expectations
            settled += outcome.expectations
            let failed = outcome.expectations.filter { $0.verdict == .fail }.count
            say("stage \(index + 1)/\(plan.stages.count) \(stage.name) done in \(String(format: "%.1f", outcome.stage.realEnd - outcome.stage.realStart)) s"
                + (outcome.stage.notApplicable.map { " — not applicable: \($0)" } ?? "")
                + (outcome.expectations.isEmpty ? "" : ", \(outcome.expectations.count - failed)/\(outcome.expectations.count) expectations hold"))
        }
    }

    private struct StageOutcome {
        var stage: StageResult
        var expectations: [ExpectationResult]
    }

    private func runStage(_ planned: PlannedStage, number: Int) async throws -> StageOutcome {
        let stage = planned.stage
        let start = recorder.now
        let previousSpeed = target.clock?.speed
        sampler.enter(stage.name)
        recorder.mark(.stage, stage.name)
        var skipped: [String] = []
        var runnable: [PlannedAction] = []
        for action in planned.actions {
            if let reason = notApplicable(action) { skipped.append("\(action.label): \(reason)") } else { runnable.append(action) }
        }
        let wholeStageSkipped = !planned.actions.isEmpty && runnable.isEmpty
        options.progress("stage \(number)/\(plan.stages.count) \(stage.name): "
                         + (runnable.isEmpty ? "wait" : runnable.map(\.label).joined(separator: "; "))
                         + (skipped.isEmpty ? "" : " (not applicable here: \(skipped.joined(separator: "; ")))"))
        if wholeStageSkipped {
            let reason = skipped.joined(separator: "; ")
            let result = StageResult(name: stage.name, essential: stage.essential, realStart: start, realEnd: recorder.now,
                                     notApplicable: reason, skippedActions: skipped)
            let expectations = stage.expectations.map {
                ExpectationJudge.judge($0, stage: stage.name, measured: MeasuredMetrics(), ran: false, skipped: "the stage is not applicable here: \(reason)")
            }
            return StageOutcome(stage: result, expectations: expectations)
        }

        // Clock changes first: the stage's simulated time starts where they leave the clock.
        for case .clock(let change) in runnable { await StageActions.changeClock(change, target: target, recorder: recorder) }
        let simStart = target.clock?.now
        let actions = StageActions(sequence: self, stage: stage, number: number, simStart: simStart ?? Date())
        let stageMessages = target.messages
        let deniedBefore = target.denied.count
        let work = try await actions.start(runnable)
        var timedOut: String?
        do {
            timedOut = try await wait(for: stage.length, actions: actions, simStart: simStart)
        } catch {
            _ = await actions.stop(work, drain: false)
            throw error
        }
        let commands = await actions.stop(work, drain: true)
        if let previousSpeed, let clock = target.clock, clock.speed == 0 { clock.setSpeed(previousSpeed) }
        totals.withLock { sum in sum = sum + commands }
        let end = recorder.now
        let denied = target.denied
        let fleet = MeasuredMetrics.Fleet(
            simulated: target.simulated, devices: plan.deviceCount, online: target.online,
            messages: target.messages.map { $0 - (stageMessages ?? 0) }, realSeconds: end - start, simulatedStart: simStart,
            simulatedEnd: target.clock?.now, memoryBaseline: nil, memoryWarm: nil, memoryEnd: nil, tolerance: tolerance,
            commands: commands, denied: denied.count.map { $0 - (deniedBefore ?? 0) }, deniedUnavailable: denied.unavailable)
        let measured = MeasuredMetrics.measure(recorder.window(from: start, to: end), fleet: fleet)
        var expectations = stage.expectations.map { ExpectationJudge.judge($0, stage: stage.name, measured: measured, ran: true) }
        let notStarted = actions.actionsNotStarted
        if !notStarted.isEmpty {
            let source = "\(stage.location.file):\(stage.location.line)"
            expectations.append(ExpectationResult(
                metric: "stage.actions", stage: stage.name, threshold: "every fault and broker action runs", measured: Double(notStarted.count),
                measuredText: "\(notStarted.count) did not", verdict: .fail,
                message: "the stage ended before \(notStarted.joined(separator: ", ")) fell due; lengthen the stage or start them earlier (\(source))",
                source: source))
        }
        if let timedOut {
            expectations.append(ExpectationResult(
                metric: "stage.until", stage: stage.name, threshold: timedOut, measured: nil, measuredText: "timed out", verdict: .fail,
                message: "\(timedOut) did not happen (\(stage.location.file):\(stage.location.line))",
                source: "\(stage.location.file):\(stage.location.line)"))
        }
        let result = StageResult(
            name: stage.name, essential: stage.essential, realStart: start, realEnd: end, simulatedStart: simStart.map(ScenarioEngine.iso),
            simulatedEnd: target.clock.map { ScenarioEngine.iso($0.now) }, notApplicable: nil, skippedActions: skipped,
            metrics: Dictionary(uniqueKeysWithValues: measured.values.map { ($0.key.rawValue, $0.value) }))
        return StageOutcome(stage: result, expectations: expectations)
    }

    /// Why `action` cannot run on this target, or `nil`.
    private func notApplicable(_ action: PlannedAction) -> String? {
        if !target.simulated, action.needsSimulator { return "needs a fleet the engine started (devices on another broker)" }
        if case .broker = action, target.broker == nil { return "needs the private broker the engine starts" }
        return nil
    }

    /// Waits for the stage's length; returns the condition that timed out, if any.
    private func wait(for length: StageLength, actions: StageActions, simStart: Date?) async throws -> String? {
        switch length {
        case .real(let seconds):
            try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
        case .simulated(let seconds):
            if let clock = target.clock, let simStart {
                let end = simStart.addingTimeInterval(seconds)
                while clock.now < end {
                    let remaining = clock.realInterval(until: end) ?? 0.05
                    try await Task.sleep(for: .milliseconds(max(5, min(250, Int(remaining * 1000)))))
                }
            } else {
                // Devices the engine did not start: their clock runs at the file's speed (1 on real hardware).
                try await Task.sleep(for: .milliseconds(Int(seconds / max(0.001, plan.scenario.clock.speed) * 1000)))
            }
        case .until(let condition, let timeout):
            let end = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
            while !(await actions.holds(condition)) {
                if ContinuousClock.now >= end {
                    var what = "until \(condition.rawValue) within \(String(format: "%g", timeout)) s"
                    if condition == .alarmsDone {
                        let open = recorder.openAlarmCounts
                        what += " (\(open.notRung) alarm(s) had not rung, \(open.waitingForAnswer) waited for a snooze or dismissal)"
                    }
                    return what
                }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        return nil
    }

    /// Marks that the devices begin connecting now (messages count from here).
    func devicesConnecting() {
        messagesAtStart.withLock { if $0 == nil { $0 = target.messages } }
    }
}

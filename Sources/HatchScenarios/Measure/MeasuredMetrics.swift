import Foundation
import HatchDeviceSimulator
import HatchFleetProbes
import HatchScenarioFile

/// The metrics of one window of a run (a stage, or the whole run): each a value in its unit, or the
/// reason it could not be measured on this target.
struct MeasuredMetrics: Sendable {
    var values: [ScenarioMetric: Double] = [:]
    /// Metrics this target cannot measure: their expectations are not applicable.
    var unavailable: [ScenarioMetric: String] = [:]
    /// Metrics with nothing to measure in the window (no command answered, no fault): their expectations fail.
    var missing: [ScenarioMetric: String] = [:]
    /// What a failing metric counted, e.g. the alarms that never rang, for the failure message.
    var details: [ScenarioMetric: [String]] = [:]

    /// The fleet-level figures of the window that the recorder does not hold.
    struct Fleet: Sendable {
        /// Whether the engine started the fleet (its events, process and statistics are known).
        var simulated: Bool
        var devices: Int
        var online: Int
        /// Fleet messages in and out during the window, and its real seconds.
        var messages: Int?
        var realSeconds: Double
        /// The simulated clock at the window's start and end.
        var simulatedStart: Date?
        var simulatedEnd: Date?
        /// Resident memory (bytes) of the process before the fleet started, at the end of warm-up, and at the end.
        var memoryBaseline: Int?
        var memoryWarm: Int?
        var memoryEnd: Int?
        /// Simulated seconds an event may lie off its time: the devices' tick and a busy machine.
        var tolerance: Double
        /// Commands of the window's stages, settled.
        var commands: CommandLedger.Totals?
        /// Why broker denials are not known, or `nil` with `denied` set.
        var denied: Int?
        var deniedUnavailable: String?
    }

    /// Measures `window` with the fleet's figures.
    static func measure(_ window: RecordedWindow, fleet: Fleet) -> MeasuredMetrics {
        var result = MeasuredMetrics()
        let simulatorOnly = "needs the simulator's own view (a fleet the engine started); this target is devices it did not start"
        func set(_ metric: ScenarioMetric, _ value: Double?) {
            if let value { result.values[metric] = value } else { result.unavailable[metric] = simulatorOnly }
        }
        // Commands.
        let totals = fleet.commands ?? CommandLedger.Totals()
        set(.commandsSent, Double(totals.sent))
        set(.commandsRejected, Double(totals.rejected))
        set(.commandsFailed, Double(totals.failed))
        set(.commandsLost, fleet.simulated ? Double(totals.lost) : nil)
        set(.commandsAppliedTwice, fleet.simulated ? Double(totals.duplicated) : nil)
        let latencies = window.answers.filter(\.accepted).map(\.milliseconds)
        if latencies.isEmpty {
            for metric in [ScenarioMetric.latencyP50, .latencyP90, .latencyP99, .latencyMax] {
                result.missing[metric] = "no command was answered in this window"
            }
        } else {
            result.values[.latencyP50] = percentile(latencies, 0.5)
            result.values[.latencyP90] = percentile(latencies, 0.9)
            result.values[.latencyP99] = percentile(latencies, 0.99)
            result.values[.latencyMax] = latencies.max()
        }
        // Devices.
        result.values[.devicesOnline] = Double(fleet.online)
        result.values[.devicesOnlineShare] = fleet.devices == 0 ? 0 : Double(fleet.online) / Double(fleet.devices)
        let recoveries = window.recoveries
        if recoveries.isEmpty {
            result.missing[.recoveryMax] = "no fault or broker action ended in this window"
            result.values[.recoveryNotBack] = 0
        } else {
            result.values[.recoveryMax] = recoveries.map { $0.seconds ?? .infinity }.max()
            result.values[.recoveryNotBack] = Double(recoveries.reduce(0) { $0 + $1.notBack })
            result.details[.recoveryNotBack] = recoveries.filter { $0.notBack > 0 }.map { "\($0.notBack) not back after \($0.label)" }
            result.details[.recoveryMax] = recoveries.sorted { ($0.seconds ?? .infinity) > ($1.seconds ?? .infinity) }.prefix(3)
                .map { "\($0.label): " + ($0.seconds.map { String(format: "%.1f s", $0) } ?? "not all back") }
        }
        set(.presenceMissed, fleet.simulated ? Double(window.presenceMissed) : nil)
        if !fleet.simulated {
            // Faults need the simulator: nothing to recover from on devices the engine did not start.
            result.values[.recoveryMax] = nil
            result.values[.recoveryNotBack] = nil
            result.missing[.recoveryMax] = nil
            result.unavailable[.recoveryMax] = simulatorOnly
            result.unavailable[.recoveryNotBack] = simulatorOnly
        }
        // Alarms, sunrises, routines.
        if fleet.simulated {
            measureAlarms(window, fleet: fleet, into: &result)
            measureRoutines(window, fleet: fleet, into: &result)
        } else {
            for metric in [ScenarioMetric.alarmsDue, .alarmsFired, .alarmsMissed, .alarmsOffMinute, .sunrisesStarted, .sunrisesNotRising,
                           .routinesStarted, .routineStepsLate, .routinesStoppedMidStep] {
                result.unavailable[metric] = simulatorOnly
            }
        }
        // Traffic and memory.
        set(.messagesPerSecond, fleet.messages.map { fleet.realSeconds > 0 ? Double($0) / fleet.realSeconds : 0 })
        if fleet.simulated, let baseline = fleet.memoryBaseline, let end = fleet.memoryEnd, fleet.devices > 0 {
            result.values[.memoryPerDevice] = Double(max(0, end - baseline)) / Double(fleet.devices) / 1024
            if let warm = fleet.memoryWarm, warm > 0 {
                result.values[.memoryGrowth] = Double(end - warm) / Double(warm)
            } else {
                result.missing[.memoryGrowth] = "the run was too short to have a warm-up sample"
            }
        } else {
            set(.memoryPerDevice, nil)
            set(.memoryGrowth, nil)
        }
        if let denied = fleet.denied {
            result.values[.brokerDenied] = Double(denied)
        } else {
            result.unavailable[.brokerDenied] = fleet.deniedUnavailable ?? simulatorOnly
        }
        return result
    }

    private static func measureAlarms(_ window: RecordedWindow, fleet: Fleet, into result: inout MeasuredMetrics) {
        var firstFiring: [String: ScenarioRecorder.Event] = [:]
        for event in window.allEvents {
            if case .alarmFired(let id) = event.event {
                let key = ScenarioRecorder.key(event.thing, id)
                if firstFiring[key] == nil { firstFiring[key] = event }
            }
        }
        let start = fleet.simulatedStart ?? .distantPast
        let end = fleet.simulatedEnd ?? .distantFuture
        let due = window.alarms.filter { $0.due >= start.addingTimeInterval(-60) && $0.due <= end }
        var fired = 0
        var missed: [String] = []
        var offMinute: [String] = []
        for alarm in due.sorted(by: { $0.due < $1.due }) {
            guard let firing = firstFiring[ScenarioRecorder.key(alarm.thing, alarm.id)] else {
                // Due in the window's last moments: the device may still be ringing it in.
                if alarm.due.addingTimeInterval(fleet.tolerance) < end { missed.append("alarm \(alarm.id) of \(alarm.thing) due \(alarm.due)") }
                continue
            }
            fired += 1
            if abs(firing.simulated.timeIntervalSince(alarm.due)) > max(60, fleet.tolerance) {
                offMinute.append("alarm \(alarm.id) of \(alarm.thing) due \(alarm.due) rang \(firing.simulated)")
            }
        }
        result.details[.alarmsMissed] = missed
        result.details[.alarmsOffMinute] = offMinute
        result.values[.alarmsDue] = Double(due.count)
        result.values[.alarmsFired] = Double(fired)
        result.values[.alarmsMissed] = Double(missed.count)
        result.values[.alarmsOffMinute] = Double(offMinute.count)
        var snoozed = Set<String>()
        var dismissed = Set<String>()
        for event in window.events {
            switch event.event {
            case .alarmSnoozed(let id, _): snoozed.insert(ScenarioRecorder.key(event.thing, id))
            case .alarmDismissed(let id): dismissed.insert(ScenarioRecorder.key(event.thing, id))
            default: break
            }
        }
        result.values[.alarmsSnoozed] = Double(snoozed.count)
        result.values[.alarmsDismissed] = Double(dismissed.count)
        let sunrises = window.events.filter { if case .sunriseStarted = $0.event { true } else { false } }
        result.values[.sunrisesStarted] = Double(sunrises.count)
        result.values[.sunrisesNotRising] = Double(window.sunriseDrops.count)
        result.details[.sunrisesNotRising] = window.sunriseDrops.sorted()
    }

    private static func measureRoutines(_ window: RecordedWindow, fleet: Fleet, into result: inout MeasuredMetrics) {
        let routines = Dictionary(window.routines.map { (ScenarioRecorder.key($0.thing, $0.id), $0) }, uniquingKeysWith: { first, _ in first })
        var started: [String: Date] = [:]
        var late = 0
        for event in window.allEvents {
            switch event.event {
            case .routineStarted(let id):
                started[ScenarioRecorder.key(event.thing, id)] = event.simulated
            case .routineFinished(let id):
                let key = ScenarioRecorder.key(event.thing, id)
                guard event.t >= window.from, event.t <= window.to, let routine = routines[key], !routine.stopped,
                      let begin = started[key] else { continue }
                if abs(event.simulated.timeIntervalSince(begin) - routine.totalSeconds) > fleet.tolerance { late += 1 }
            default:
                break
            }
        }
        result.values[.routinesStarted] = Double(window.events.count { if case .routineStarted = $0.event { true } else { false } })
        result.values[.routineStepsLate] = Double(late)
        result.values[.routinesStoppedMidStep] = Double(window.routines.count(where: \.stopped))
    }
}

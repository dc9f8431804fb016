import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchMQTT
import HatchScenarioFile
import Synchronization

/// What a run observed, from every task that observes: answered commands with their latency, the
/// devices' engine events, alarms the scenario set and when they were due, recoveries after faults,
/// samples and marks. Thread-safe; the engine reads windows of it for each stage and for the run.
final class ScenarioRecorder: Sendable {
    /// A command answered, at real second `t` of the run.
    struct Answer: Sendable {
        var t: Double
        var thing: ThingName
        var milliseconds: Double
        var accepted: Bool
    }

    /// An engine event of a device, at real second `t` and simulated time `simulated`.
    struct Event: Sendable {
        var t: Double
        var simulated: Date
        var thing: ThingName
        var event: EngineEvent
    }

    /// An alarm the scenario set: the device, its id and the simulated time it is due.
    struct SetAlarm: Sendable {
        var thing: ThingName
        var id: Int
        var due: Date
        var timeZone: TimeZone
        /// Whether a client snoozes it once when it rings, and dismisses it (after the snooze, if any).
        var snooze: Bool
        var dismiss: Bool
        var product: HardwareProduct
        var macAddress: MacAddress
        var fired = false
        var snoozeSent = false
        var dismissSent = false
        var answersOpen = 0
    }

    /// What a client does to a ringing alarm.
    struct AlarmAnswer: Sendable {
        var snoozeNext: Bool
        var product: HardwareProduct
        var macAddress: MacAddress
    }

    /// A routine the scenario started, and its steps' total length in simulated seconds.
    struct StartedRoutine: Sendable {
        var thing: ThingName
        var id: Int
        var totalSeconds: Double
        var stopped = false
    }

    /// How long the devices a fault hit took to be back online after it ended.
    struct Recovery: Sendable {
        var t: Double
        var label: String
        var seconds: Double?
        var notBack: Int
    }

    private struct State {
        var answers: [Answer] = []
        var events: [Event] = []
        var alarms: [String: SetAlarm] = [:]
        var routines: [String: StartedRoutine] = [:]
        var recoveries: [Recovery] = []
        var samples: [ScenarioSample] = []
        var marks: [TimelineMark] = []
        var sunriseDrops: Set<String> = []
        var presenceMissed = 0
    }

    private let state = Mutex(State())
    /// When the run began.
    let started: ContinuousClock.Instant

    init(started: ContinuousClock.Instant = .now) {
        self.started = started
    }

    /// Real seconds since the run began.
    var now: Double { (ContinuousClock.now - started).seconds }

    static func key(_ thing: ThingName, _ id: Int) -> String { "\(thing.rawValue)#\(id)" }

    func answered(_ thing: ThingName, milliseconds: Double, accepted: Bool) {
        let t = now
        state.withLock { $0.answers.append(Answer(t: t, thing: thing, milliseconds: milliseconds, accepted: accepted)) }
    }

    func engineEvent(_ thing: ThingName, _ event: EngineEvent, at simulated: Date) {
        switch event {
        case .settingsChanged, .recordsChanged, .batteryDepleted: return
        default: break
        }
        let t = now
        state.withLock { $0.events.append(Event(t: t, simulated: simulated, thing: thing, event: event)) }
    }

    func setAlarm(_ alarm: SetAlarm) {
        state.withLock { $0.alarms[Self.key(alarm.thing, alarm.id)] = alarm }
    }

    /// The answer the scenario owes alarm `id` of `thing`, which just rang, or `nil` (it rings out).
    func alarmToAnswer(_ thing: ThingName, _ id: Int) -> AlarmAnswer? {
        state.withLock { state in
            let key = Self.key(thing, id)
            guard var alarm = state.alarms[key] else { return nil }
            defer { state.alarms[key] = alarm }
            alarm.fired = true
            if alarm.snooze, !alarm.snoozeSent {
                alarm.snoozeSent = true
                alarm.answersOpen += 1
                return AlarmAnswer(snoozeNext: true, product: alarm.product, macAddress: alarm.macAddress)
            }
            if alarm.dismiss, !alarm.dismissSent {
                alarm.dismissSent = true
                alarm.answersOpen += 1
                return AlarmAnswer(snoozeNext: false, product: alarm.product, macAddress: alarm.macAddress)
            }
            return nil
        }
    }

    /// A client's snooze or dismissal of alarm `id` of `thing` was answered (or failed).
    func answeredAlarm(_ thing: ThingName, _ id: Int, snoozed: Bool, failed: Bool = false) {
        state.withLock { state in
            let key = Self.key(thing, id)
            state.alarms[key]?.answersOpen -= 1
            guard failed else { return }
            // A snooze that did not reach the device leaves no second ring to dismiss.
            if snoozed { state.alarms[key]?.dismissSent = true }
        }
    }

    /// Alarms set that have not rung yet, or whose snooze or dismissal is still to come.
    var alarmsOpen: Int {
        state.withLock { state in
            state.alarms.values.count { alarm in
                !alarm.fired || alarm.answersOpen > 0 || (alarm.snooze && !alarm.snoozeSent) || (alarm.dismiss && !alarm.dismissSent)
            }
        }
    }

    func startedRoutine(_ routine: StartedRoutine) {
        state.withLock { $0.routines[Self.key(routine.thing, routine.id)] = routine }
    }

    func stoppedRoutine(_ thing: ThingName, _ id: Int) {
        state.withLock { $0.routines[Self.key(thing, id)]?.stopped = true }
    }

    func recovered(_ recovery: Recovery) {
        state.withLock { $0.recoveries.append(recovery) }
    }

    func sunriseWentDown(_ thing: ThingName, alarm id: Int) {
        _ = state.withLock { $0.sunriseDrops.insert(Self.key(thing, id)) }
    }

    func missedPresence(_ count: Int) {
        state.withLock { $0.presenceMissed += count }
    }

    func sample(_ sample: ScenarioSample) {
        state.withLock { $0.samples.append(sample) }
    }

    func mark(_ kind: TimelineMark.Kind, _ label: String) {
        let t = now
        state.withLock { $0.marks.append(TimelineMark(t: t, kind: kind, label: label)) }
    }

    var samples: [ScenarioSample] { state.withLock { $0.samples } }

    /// The engine events from the `index`th on, in the order they came.
    func events(from index: Int) -> ArraySlice<Event> {
        state.withLock { state in state.events[min(index, state.events.count)...] }
    }

    /// The engine events so far.
    var eventCount: Int { state.withLock { $0.events.count } }

    /// Alarms still open, for a progress line: not rung yet, and waiting for a client's answer.
    var openAlarmCounts: (notRung: Int, waitingForAnswer: Int) {
        state.withLock { state in
            let notRung = state.alarms.values.count { !$0.fired }
            return (notRung, state.alarms.values.count { $0.fired } - state.alarms.values.count { alarm in
                alarm.fired && alarm.answersOpen == 0 && !(alarm.snooze && !alarm.snoozeSent) && !(alarm.dismiss && !alarm.dismissSent)
            })
        }
    }
    var marks: [TimelineMark] { state.withLock { $0.marks } }

    /// Answers since real second `t` (for a sample).
    func answers(since t: Double) -> [Answer] {
        state.withLock { state in Array(state.answers.reversed().prefix { $0.t >= t }.reversed()) }
    }

    /// Alarm firings since real second `t`.
    func firings(since t: Double) -> Int {
        state.withLock { state in
            state.events.reversed().prefix { $0.t >= t }.count { if case .alarmFired = $0.event { true } else { false } }
        }
    }

    /// Everything observed between real seconds `from` and `to`, for measuring a window.
    func window(from: Double, to: Double) -> RecordedWindow {
        state.withLock { state in
            RecordedWindow(from: from, to: to, answers: state.answers.filter { $0.t >= from && $0.t <= to },
                           events: state.events.filter { $0.t >= from && $0.t <= to },
                           allEvents: state.events,
                           alarms: Array(state.alarms.values), routines: Array(state.routines.values),
                           recoveries: state.recoveries.filter { $0.t >= from && $0.t <= to },
                           sunriseDrops: state.sunriseDrops, presenceMissed: state.presenceMissed)
        }
    }
}

/// What the recorder saw in one window of the run.
struct RecordedWindow: Sendable {
    var from: Double
    var to: Double
    var answers: [ScenarioRecorder.Answer]
    var events: [ScenarioRecorder.Event]
    var allEvents: [ScenarioRecorder.Event]
    var alarms: [ScenarioRecorder.SetAlarm]
    var routines: [ScenarioRecorder.StartedRoutine]
    var recoveries: [ScenarioRecorder.Recovery]
    var sunriseDrops: Set<String>
    var presenceMissed: Int
}

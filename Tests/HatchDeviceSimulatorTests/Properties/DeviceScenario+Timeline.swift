import Foundation
import HatchDeviceModel
@testable import HatchDeviceSimulator

extension DeviceScenario {
    /// The model's own prediction of every alarm and routine event of a sequence, worked out from the
    /// sequence's inputs alone (the fixture's records, the commands and record requests sent, the
    /// clock's moves) with its own local-time arithmetic: when each sunrise starts, each alarm rings
    /// (first time and after a snooze), each routine step begins and each routine ends, and which
    /// commands dismiss, snooze, stop or replace them. The scenario compares it both ways with the
    /// events the engine emits: a predicted event the engine does not emit and an emitted event the
    /// model did not predict both fail the sequence.
    ///
    /// Times are whole epoch seconds. The device's rules it follows:
    /// - one alarm occurrence is planned at a time: the earliest wake time strictly after the moment
    ///   of planning among enabled alarms (none while `alarmsDisabled`), on a day of its
    ///   `daysOfWeek` (Sun = 1 … Sat = 64; 0 = once, any day); a wake time a spring change skips
    ///   falls on the first minute after the gap, a repeated autumn time counts at its first pass;
    /// - its sunrise starts `sunriseLead` before the wake time (never before the moment of
    ///   planning; no sunrise without a light), and it rings at the wake time; the next occurrence is
    ///   planned when it rings, when alarms or their records change, and at boot;
    /// - a sunrise ended by a command or a record change stays dismissed: that alarm's next
    ///   occurrence is the first after the dismissed wake time, across reboots too;
    /// - a snooze (only of a ringing alarm) rings again after the alarm's or the device's snooze
    ///   duration; nothing else of the alarms happens while it is snoozed or in its sunrise;
    /// - a one-time alarm disables itself when it first rings;
    /// - a routine runs step after step for each step's `duration` (0 = until stopped) and ends
    ///   after its last; starting an alarm stops it, and so do `turn_off`, a remote sound, another
    ///   routine and a reboot (silently).
    ///
    /// The battery is the one input taken from the engine: when it reports `batteryDepleted` (the
    /// scenario looks every minute while the battery is nearly flat), playback stops at that minute.
    struct Timeline {
        struct AlarmRule: Equatable {
            var enabled: Bool
            /// `daysOfWeek`'s bitmask.
            var days: Int
            /// Minutes since local midnight.
            var wake: Int
            var lead: Int
            var snooze: Int?
        }

        enum Phase: Equatable {
            case sunrise(id: Int, fire: Int)
            case ringing(id: Int)
            case snoozed(id: Int, until: Int)

            var id: Int {
                switch self {
                case .sunrise(let id, _), .ringing(let id), .snoozed(let id, _): return id
                }
            }
        }

        struct Run: Equatable {
            var id: Int
            var index: Int
            var ends: Int?
        }

        /// An event the model predicts, and the simulated second it belongs to.
        struct Expected {
            var event: EngineEvent
            var time: Int
        }

        let timeZone: TimeZone
        let light: Bool
        let hasAlarms: Bool
        let deviceSnooze: Int
        var alarms: [Int: AlarmRule] = [:]
        /// Routine id → step durations.
        var routines: [Int: [Int]] = [:]
        var alarmsDisabled: Bool
        var dismissed: (id: Int, fire: Int)?
        var planned: (id: Int, fire: Int, start: Int)?
        var phase: Phase?
        var run: Run?
        /// Predicted since the last comparison.
        var expected: [Expected] = []
        /// Figures of what it predicted.
        var firstFires = 0, refires = 0, sunrises = 0, stepBoundaries = 0, routineEnds = 0
        var fireWeekdays: Set<Int> = []

        /// The events the model predicts and compares.
        static func isJudged(_ event: EngineEvent) -> Bool {
            switch event {
            case .sunriseStarted, .alarmFired, .alarmSnoozed, .alarmDismissed, .routineStarted, .routineFinished: return true
            default: return false
            }
        }

        /// The model of a device that boots at `start` with `settings` (the sequence's fixture).
        init(product: HardwareProduct, settings: DeviceSettings, timeZone: TimeZone, start: Int) {
            self.timeZone = timeZone
            light = product.capabilities.light
            hasAlarms = product.capabilities.alarms
            deviceSnooze = settings.snoozeDuration
            alarmsDisabled = settings.alarmsDisabled
            for alarm in settings.alarms.items {
                alarms[alarm.id] = AlarmRule(enabled: alarm.enabled, days: alarm.daysOfWeek.rawValue, wake: alarm.wakeTime.minutesSinceMidnight,
                                             lead: alarm.sunriseLead, snooze: alarm.snoozeDuration)
            }
            for routine in settings.routines.items where routine.enabled { routines[routine.id] = routine.steps.map(\.duration) }
            plan(after: start)
        }

        // MARK: Local time (TimeZone offsets only; no Calendar)

        func offset(_ epoch: Int) -> Int { timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(epoch))) }
        func localDay(_ epoch: Int) -> Int { Int(floor(Double(epoch + offset(epoch)) / 86_400)) }
        /// 1 = Sunday … 7 = Saturday of a local day number (day 0, 1970-01-01, was a Thursday).
        static func weekday(ofDay day: Int) -> Int { ((day + 4) % 7 + 7) % 7 + 1 }

        /// The first moment local day `day` shows `minute`: the earlier of two in a repeated autumn
        /// hour, the end of the gap for a time a spring change skips.
        func moment(day: Int, minute: Int) -> Int {
            let local = day * 86_400 + minute * 60
            let offsets = Set([offset(local - 129_600), offset(local), offset(local + 129_600)])
            let valid = offsets.map { local - $0 }.filter { offset($0) == local - $0 }
            if let first = valid.min() { return first }
            // In a gap: the first second after it.
            var epoch = local - offsets.max()!
            while epoch + offset(epoch) <= local { epoch += 60 }
            while epoch - 1 + offset(epoch - 1) > local { epoch -= 1 }
            return epoch
        }

        func nextOccurrence(of rule: AlarmRule, after date: Int) -> Int? {
            let today = localDay(date)
            for day in today...(today + 8) {
                let fire = moment(day: day, minute: rule.wake)
                guard fire > date else { continue }
                if rule.days == 0 || rule.days & (1 << (Self.weekday(ofDay: localDay(fire)) - 1)) != 0 { return fire }
            }
            return nil
        }

        // MARK: Planning and time

        mutating func plan(after date: Int) {
            planned = nil
            guard hasAlarms, !alarmsDisabled else { return }
            for id in alarms.keys.sorted() {
                guard let rule = alarms[id], rule.enabled else { continue }
                var after = date
                if let dismissed, dismissed.id == id { after = max(after, dismissed.fire) }
                guard let fire = nextOccurrence(of: rule, after: after) else { continue }
                if planned == nil || fire < planned!.fire {
                    planned = (id, fire, max(fire - (light ? rule.lead : 0), date))
                }
            }
        }

        /// When the alarms next need the device.
        var alarmDue: Int? {
            switch phase {
            case .sunrise(_, let fire)?: return fire
            case .snoozed(_, let until)?: return until
            case .ringing?, nil: return planned?.start
            }
        }

        /// The next moment something the model predicts happens (maybe already due, when a command
        /// planned it for the second it was sent).
        var nextDue: Int? {
            switch (run?.ends, alarmDue) {
            case (let a?, let b?): return min(a, b)
            case (let a?, nil): return a
            case (nil, let b): return b
            }
        }

        /// Runs what is due up to `time`, in time order (a routine's step before an alarm in the same second).
        mutating func advance(to time: Int) {
            var guardCount = 0
            while let due = nextDue, due <= time, guardCount < 10_000 {
                guardCount += 1
                if let ends = run?.ends, ends <= due { stepEnded(at: due) }
                if let alarm = alarmDue, alarm <= due { alarmEvent(at: due) }
            }
        }

        mutating func expect(_ event: EngineEvent, _ time: Int) { expected.append(Expected(event: event, time: time)) }

        mutating func stepEnded(at time: Int) {
            guard let current = run else { return }
            guard let durations = routines[current.id] else { return stopPlayback(at: time) }
            let next = current.index + 1
            guard next < durations.count else {
                routineEnds += 1
                return stopPlayback(at: time)
            }
            stepBoundaries += 1
            run = Run(id: current.id, index: next, ends: durations[next] > 0 ? time + durations[next] : nil)
        }

        mutating func alarmEvent(at time: Int) {
            switch phase {
            case .sunrise(let id, let fire)? where fire <= time: ring(id, at: time, firstTime: true)
            case .snoozed(let id, let until)? where until <= time: ring(id, at: time, firstTime: false)
            case .sunrise?, .snoozed?: return
            case .ringing?, nil:
                guard let next = planned, next.start <= time else { return }
                guard alarms[next.id] != nil else { return plan(after: time) }
                if run != nil || phase != nil { stopPlayback(at: time) }
                if next.fire > time {
                    phase = .sunrise(id: next.id, fire: next.fire)
                    sunrises += 1
                    expect(.sunriseStarted(alarmID: next.id), time)
                } else {
                    ring(next.id, at: time, firstTime: true)
                }
            }
        }

        mutating func ring(_ id: Int, at time: Int, firstTime: Bool) {
            guard let rule = alarms[id] else {
                phase = nil
                return stopPlayback(at: time)
            }
            expect(.alarmFired(alarmID: id), time)
            phase = .ringing(id: id)
            if firstTime {
                firstFires += 1
                fireWeekdays.insert(Self.weekday(ofDay: localDay(time)))
                if rule.days == 0 { alarms[id]?.enabled = false }
                plan(after: time)
            } else {
                refires += 1
            }
        }

        /// Everything off: a running routine ends, a firing alarm is dismissed.
        mutating func stopPlayback(at time: Int) {
            if let current = run { expect(.routineFinished(id: current.id), time) }
            run = nil
            leaveAlarm(at: time)
        }

        mutating func leaveAlarm(at time: Int) {
            guard let current = phase else { return }
            phase = nil
            expect(.alarmDismissed(alarmID: current.id), time)
            if case .sunrise(let id, let fire) = current {
                dismissed = (id, fire)
                plan(after: time)
            }
        }

        // MARK: Inputs

        /// A `state.desired` patch the shadow accepted at `time`. The device sees only the fields that
        /// differ from what it reports (the shadow's delta); `current` is reported as the model predicts it.
        mutating func command(_ patch: JSONValue, at time: Int) {
            if let disabled = patch["alarmsDisabled"]?.boolValue, hasAlarms, disabled != alarmsDisabled {
                alarmsDisabled = disabled
                if disabled, phase != nil { stopPlayback(at: time) }
                plan(after: time)
            }
            if let current = patch["current"]?.objectValue { applyCurrent(current, at: time) }
            if patch[path: ["snooze", "active"]]?.boolValue == true, case .ringing(let id)? = phase {
                let duration = alarms[id]?.snooze ?? deviceSnooze
                phase = .snoozed(id: id, until: time + duration)
                expect(.alarmSnoozed(alarmID: id, until: time + duration), time)
            }
        }

        /// What `current` the device reports: `(srId, step)` while a routine or an alarm plays, `nil` otherwise.
        var reportedRoutine: (srId: Int, step: Int)? {
            if let phase {
                if case .sunrise = phase { return (phase.id, 1) }
                return (phase.id, 2)
            }
            if let run { return (run.id, run.index + 1) }
            return nil
        }

        mutating func applyCurrent(_ current: JSONObject, at time: Int) {
            let reported = reportedRoutine
            // The delta: a field the device reports already is not sent to it.
            var playing = current["playing"]?.stringValue
            var srId = current["srId"]?.intValue
            var step = current["step"]?.intValue
            if let reported {
                if playing == "routine" { playing = nil }
                if srId == reported.srId { srId = nil }
                if step == reported.step { step = nil }
            } else if srId == 0 {
                srId = nil
            }
            if playing == "none" || (playing == nil && srId == 0) {
                stopPlayback(at: time)
            } else if playing == "routine" || (playing == nil && (srId ?? 0) > 0) {
                let id = srId ?? reported?.srId ?? 0
                if let current = run, current.id == id, srId == nil || (step != nil && step != current.index + 1) {
                    if let step, let durations = routines[id], step >= 1, step <= durations.count {
                        begin(step: step - 1, of: id, at: time)
                    }
                } else if phase?.id == id, step == nil || routines[id] == nil {
                    // The alarm itself plays.
                } else if let durations = routines[id], (step ?? 1) >= 1, (step ?? 1) <= durations.count {
                    if phase != nil { stopPlayback(at: time) }
                    if let current = run, current.id != id { expect(.routineFinished(id: current.id), time) }
                    begin(step: (step ?? 1) - 1, of: id, at: time)
                    expect(.routineStarted(id: id), time)
                }
            } else if playing == "remote" {
                stopPlayback(at: time)
            } else if let step, let current = run, let durations = routines[current.id], step >= 1, step <= durations.count {
                begin(step: step - 1, of: current.id, at: time)
            }
        }

        mutating func begin(step index: Int, of id: Int, at time: Int) {
            guard let durations = routines[id] else { return }
            run = Run(id: id, index: index, ends: durations[index] > 0 ? time + durations[index] : nil)
        }

        /// An alarm record request; returns whether the device should accept it.
        mutating func alarmRequest(_ step: DeviceStep, at time: Int) -> Bool {
            switch step {
            case .editAlarm(let id, let days, let wake, let lead, let snooze):
                alarms[id] = AlarmRule(enabled: true, days: days, wake: wake.minutesSinceMidnight, lead: lead, snooze: snooze)
            case .deleteAlarm(let id):
                guard alarms.removeValue(forKey: id) != nil else { return false }
            case .enableAlarm(let id, let on):
                guard alarms[id] != nil else { return false }
                alarms[id]?.enabled = on
            default: return false
            }
            if let phase {
                var isSunrise = false
                if case .sunrise = phase { isSunrise = true }
                if alarms[phase.id] == nil || (alarms[phase.id]?.enabled == false && isSunrise) { stopPlayback(at: time) }
            }
            plan(after: time)
            return true
        }

        /// A routine edited to new step durations (it stays enabled: a running one goes on, with the
        /// new steps from its next step boundary).
        mutating func routineEdited(id: Int, durations: [Int]) -> Bool {
            guard routines[id] != nil else { return false }
            routines[id] = durations
            return true
        }

        /// A reboot at `time`: nothing plays, no event; the alarms are planned afresh.
        mutating func rebooted(at time: Int) {
            phase = nil
            run = nil
            plan(after: time)
        }

        // MARK: Comparison

        static func describe(_ events: [EngineEvent]) -> String { "[" + events.map { "\($0)" }.joined(separator: ", ") + "]" }

        /// Compares the prediction since the last call with what the engine emitted in `(from, to]`,
        /// and the reported `current` with the predicted one. `nil` when they agree.
        mutating func compare(_ emitted: [EngineEvent], from: Int, to: Int, current: CurrentState) -> String? {
            var unmatched = emitted.filter(Self.isJudged)
            var missing: [Expected] = []
            for item in expected {
                if let index = unmatched.firstIndex(of: item.event) { unmatched.remove(at: index) } else { missing.append(item) }
            }
            expected = []
            func at(_ epoch: Int) -> String { DeviceScenario.local(Date(timeIntervalSince1970: TimeInterval(epoch)), seconds: true) }
            if !missing.isEmpty || !unmatched.isEmpty {
                let predicted = missing.map { "\($0.event) at \(at($0.time))" }
                return (missing.isEmpty ? "" : "the model expects \(predicted.joined(separator: ", ")), which the engine did not emit; ")
                    + (unmatched.isEmpty ? "" : "the engine emitted \(Self.describe(unmatched)), which the model does not expect; ")
                    + "the engine's events between \(at(from)) and \(at(to)): \(Self.describe(emitted))"
            }
            let shown = current.playing == .routine ? (current.srId, current.step) : nil
            if let predicted = reportedRoutine {
                if shown?.0 != predicted.srId || shown?.1 != predicted.step {
                    return "at \(at(to)) the model expects srId \(predicted.srId) step \(predicted.step) playing, the engine reports "
                        + "\(current.playing) srId \(current.srId) step \(current.step)"
                }
            } else if let shown {
                return "at \(at(to)) the engine reports routine srId \(shown.0) step \(shown.1), the model expects no routine or alarm"
            }
            return nil
        }
    }
}

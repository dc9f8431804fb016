import Foundation
import HatchDeviceModel
@testable import HatchDeviceSimulator

/// Runs a sequence of ``DeviceStep``s against one simulated device (``DeviceCore``: engine and
/// shadow service, no broker) and checks the device's rules after every step against a small,
/// independent model: the first broken rule is returned as a sentence.
struct DeviceScenario {
    let product: HardwareProduct
    let start: Date
    let steps: [DeviceStep]

    static let timeZone = TimeZone(identifier: "America/New_York")!
    /// The next wall-clock tick while waiting: every quarter hour around the alarms (they wake on
    /// quarter hours, so they fire on a tick), every two hours elsewhere. Schedule edges need no
    /// tick: the model walks every minute.
    static func nextTick(after date: Date) -> Date {
        func busy(_ epoch: Int) -> Bool {
            let minute = Model.localMinute(Date(timeIntervalSince1970: TimeInterval(epoch)))
            return (330..<480).contains(minute) || (1305..<1350).contains(minute)
        }
        let epoch = Int(date.timeIntervalSince1970)
        var tick = (epoch / 900 + 1) * 900
        if busy(epoch) { return Date(timeIntervalSince1970: TimeInterval(tick)) }
        while tick < epoch + 7200, !busy(tick) { tick += 900 }
        return Date(timeIntervalSince1970: TimeInterval(tick))
    }

    /// The household-like device every scenario starts from: two routines, and on products with
    /// alarms a daily, a weekday and a one-time alarm (none in the 02:00 hour a spring change skips;
    /// ids apart from the routines', as the vendor's cloud numbers them).
    static func core(_ product: HardwareProduct, at start: Date) -> DeviceCore {
        var settings = DeviceSettings.factory(for: product, timezone: timeZone.identifier)
        let sounds = product.sounds.sounds.map(\.id)
        let soundA = sounds.first ?? 3, soundB = sounds.last ?? 7
        let light = product.capabilities.light
        settings.routines = RecordCollection(items: [
            Routine(id: 1, name: "Bedtime", type: .sleep, steps: [
                RoutineStep(color: light ? ColorState(id: 9999, r: 65535, g: 20000, b: 0, i: 20000) : nil,
                            sound: SoundState(id: soundA, v: 20000), duration: 1200),
                RoutineStep(color: nil, sound: SoundState(id: soundA, v: 12000), duration: 2400),
            ]),
            Routine(id: 2, name: "Ocean", type: .favorite, steps: [
                RoutineStep(color: light ? ColorState(id: 9999, r: 0, g: 20000, b: 65535, i: 12000) : nil,
                            sound: SoundState(id: soundB, v: 18000), duration: 0),
            ]),
        ])
        if product.capabilities.alarms {
            settings.alarms = RecordCollection(items: [
                Alarm(id: 11, name: "Okay to wake", daysOfWeek: DaysOfWeek(rawValue: 127), wakeTime: try! TimeOfDay(hour: 6, minute: 45), sunriseLead: 900),
                Alarm(id: 12, name: "Work days", daysOfWeek: .weekdays, wakeTime: try! TimeOfDay(hour: 7, minute: 30), sunriseLead: 1800),
                Alarm(id: 13, name: "Flight", daysOfWeek: DaysOfWeek(rawValue: 0), wakeTime: try! TimeOfDay(hour: 22, minute: 15), sunriseLead: 600),
            ])
        }
        let profile = DeviceProfile(name: "Prop", macAddress: try! MacAddress(validating: "A4:C1:38:99:00:01"), product: product, baseRSSI: -50)
        return DeviceCore(profile: profile, settings: settings, shadow: ShadowDocument(), now: start)
    }

    /// Figures of a run, for the suite's summary.
    struct Figures {
        var steps = 0, ticks = 0, firstFires = 0, refires = 0, sunrises = 0, stepBoundaries = 0, routineEnds = 0, transitions = 0
        var fireWeekdays: Set<Int> = []

        mutating func add(_ timeline: Timeline) {
            firstFires += timeline.firstFires
            refires += timeline.refires
            sunrises += timeline.sunrises
            stepBoundaries += timeline.stepBoundaries
            routineEnds += timeline.routineEnds
            fireWeekdays.formUnion(timeline.fireWeekdays)
        }
    }

    static func epoch(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }

    /// The next moment a wait looks at the device: the next wall-clock tick, the second before and
    /// the second of the next event the model predicts (so that each predicted event is checked to
    /// its second), and every minute while a battery is nearly flat (so that the minute it runs flat is known).
    static func nextObservation(after date: Date, model: Model, engine: DeviceEngine) -> Date {
        let now = epoch(date)
        var next = epoch(nextTick(after: date))
        if let due = model.timeline.nextDue, due > now { next = min(next, due - 1 > now ? due - 1 : due) }
        if let battery = engine.settings.battery, battery < 2, engine.settings.powerStatus?.isPluggedIn == false {
            next = min(next, (now / 60 + 1) * 60)
        }
        return Date(timeIntervalSince1970: TimeInterval(next))
    }

    /// Runs the scenario; `nil` when every rule held.
    func failure(figures: inout Figures) -> String? {
        var core = Self.core(product, at: start)
        var model = Model(product: product, core: core, start: start)
        defer { figures.add(model.timeline) }
        var now = start
        _ = core.connected(now: now).map { model.observe($0) }
        if let problem = model.problem { return "at connect: \(problem)" }
        if let problem = model.observed(core.lastEvents, at: now, engine: core.engine) { return "at connect: \(problem)" }
        for (index, step) in steps.enumerated() {
            figures.steps += 1
            let before = core.engine.state
            func failed(_ problem: String) -> String { "step \(index + 1) (\(step)) at \(Self.local(now)): \(problem)" }
            switch step {
            case .wait(let seconds):
                let end = now.addingTimeInterval(TimeInterval(seconds))
                while now < end {
                    now = min(end, Self.nextObservation(after: now, model: model, engine: core.engine))
                    for message in core.tick(now: now) { model.observe(message) }
                    figures.ticks += 1
                    model.walkEdges(to: now, figures: &figures)
                    if let problem = model.observed(core.lastEvents, at: now, engine: core.engine) ?? model.check(core.engine) { return failed(problem) }
                }
                continue
            case .rejectNextUpdate:
                core.applyFault(.rejectUpdates(count: 1), realNow: now)
            case .power(let plugged):
                core.applyFault(.power(pluggedIn: plugged), realNow: now)
                for message in core.tick(now: now) { model.observe(message) }
                model.powered(plugged)
                if let problem = model.observed(core.lastEvents, at: now, engine: core.engine) { return failed(problem) }
            case .reboot:
                core.reboot(settings: core.engine.settings, now: now)
                model.rebooted(at: now, engine: core.engine)
                for message in core.tick(now: now) { model.observe(message) }
                if let problem = model.observed(core.lastEvents, at: now, engine: core.engine) { return failed(problem) }
            case .editAlarm, .deleteAlarm, .enableAlarm:
                guard product.capabilities.alarms else { break }
                let request: RecordRequest<Alarm>
                switch step {
                case .editAlarm(let id, let days, let wake, let lead, let snooze):
                    let alarm = Alarm(id: id, name: "Alarm \(id)", daysOfWeek: DaysOfWeek(rawValue: days), wakeTime: wake, sunriseLead: lead, snoozeDuration: snooze)
                    request = RecordRequest(op: model.timeline.alarms[id] == nil ? .create : .edit, item: alarm, clientToken: "a\(index)")
                case .deleteAlarm(let id): request = RecordRequest(op: .delete, id: id, clientToken: "a\(index)")
                case .enableAlarm(let id, let on): request = RecordRequest(op: .enable, id: id, enabled: on, clientToken: "a\(index)")
                default: return failed("not an alarm request")
                }
                let replies = core.receive(topic: core.alarmTopics.request, payload: request.jsonValue.jsonData, now: now)
                for message in replies { model.observe(message) }
                let accepted = replies.contains { $0.topic == core.alarmTopics.accepted }
                if model.timeline.alarmRequest(step, at: Self.epoch(now)) != accepted { return failed("the request was \(accepted ? "accepted" : "rejected")") }
                if let problem = model.observed(core.lastEvents, at: now, engine: core.engine, advancing: false) { return failed(problem) }
            case .editRoutine(let id, let durations):
                guard let routine = core.engine.settings.routines[id: id] else { break }
                let light = product.capabilities.light
                let steps = durations.enumerated().map { offset, duration in
                    RoutineStep(color: light ? ColorState(id: 9999, r: 65535, g: 20000 + offset * 1000, b: 0, i: 20000) : nil,
                                sound: routine.steps.first?.sound, duration: duration)
                }
                let edited = Routine(id: id, name: routine.name, type: routine.type, steps: steps)
                let request = RecordRequest(op: .edit, item: edited, clientToken: "r\(index)")
                let replies = core.receive(topic: core.routineTopics.request, payload: request.jsonValue.jsonData, now: now)
                for message in replies { model.observe(message) }
                let accepted = replies.contains { $0.topic == core.routineTopics.accepted }
                if model.timeline.routineEdited(id: id, durations: durations) != accepted { return failed("the routine edit was \(accepted ? "accepted" : "rejected")") }
                if let problem = model.observed(core.lastEvents, at: now, engine: core.engine, advancing: false) { return failed(problem) }
            default:
                guard let patch = model.patch(for: step, state: before) else { break }
                let payload = ShadowRequest.update(desired: patch, clientToken: "p\(index)").jsonData
                let rejecting = core.faults.rejectUpdatesRemaining > 0
                let replies = core.receive(topic: core.shadowTopics.update, payload: payload, now: now)
                for message in replies { model.observe(message) }
                if rejecting {
                    // The fault answers 503 and nothing changes: no accepted update, the same state.
                    let rejected = replies.contains { $0.topic == core.shadowTopics.updateRejected }
                    if !rejected || replies.contains(where: { $0.topic == core.shadowTopics.updateAccepted }) || core.engine.state != before {
                        return failed("under rejectUpdates: not rejected cleanly")
                    }
                    continue
                }
                model.walkEdges(to: now, figures: &figures)
                if let problem = model.observed(core.lastEvents, at: now, engine: core.engine, command: patch) { return failed(problem) }
                if let problem = model.commanded(step, engine: core.engine, before: before, at: now) { return failed(problem) }
            }
            if let problem = model.check(core.engine) { return failed(problem) }
        }
        return nil
    }

    static func local(_ date: Date, seconds: Bool = false) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = timeZone
        formatter.dateFormat = seconds ? "EEE yyyy-MM-dd HH:mm:ss zzz" : "EEE yyyy-MM-dd HH:mm zzz"
        return formatter.string(from: date)
    }
}

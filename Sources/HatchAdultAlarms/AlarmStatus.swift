import HatchDeviceModel

/// What the device's alarms are doing now.
public enum AlarmStatus: Sendable, Hashable, CustomStringConvertible {
    /// No alarm is firing.
    case idle
    /// `alarm`'s sunrise is ramping the light up before its wake time.
    case sunrise(Alarm)
    /// `alarm` is ringing.
    case ringing(Alarm)
    /// `alarm` is snoozed until `until` (an epoch second on the device's clock).
    case snoozed(Alarm, until: Int)

    /// The firing alarm, when one fires.
    public var alarm: Alarm? {
        switch self {
        case .idle: return nil
        case .sunrise(let alarm), .ringing(let alarm), .snoozed(let alarm, _): return alarm
        }
    }

    /// `idle`, `sunrise`, `ringing` or `snoozed`.
    public var name: String {
        switch self {
        case .idle: return "idle"
        case .sunrise: return "sunrise"
        case .ringing: return "ringing"
        case .snoozed: return "snoozed"
        }
    }

    /// `ringing: Weekdays (1)` style text.
    public var description: String {
        guard let alarm else { return name }
        return "\(name): \(alarm.name) (\(alarm.id))"
    }

    /// Reads the status from a reported state. A firing alarm plays as `current {srId: alarm id,
    /// playing: routine}` with step 1 during the sunrise and 2 once it rings; `snooze.active` marks a
    /// snooze. When `srId` is also the id of a routine, the playing sound decides (an alarm rings its
    /// own wake sound), because the wire format does not tell the two apart.
    public static func read(from reported: ReportedState, alarms: [Alarm], routines: [Routine] = []) -> AlarmStatus {
        let current = reported.current
        guard current.playing == .routine, current.srId != 0,
              let alarm = alarms.first(where: { $0.id == current.srId }) else { return .idle }
        if let routine = routines.first(where: { $0.id == current.srId }) {
            let stepSound = routine.steps.indices.contains(current.step - 1) ? routine.steps[current.step - 1].sound?.id : nil
            let looksLikeAlarm = reported.snooze?.active == true || current.sound.id == alarm.sound.id || current.step == 1 && current.sound.isNoSound
            if stepSound == current.sound.id || !looksLikeAlarm { return .idle }
        }
        if let snooze = reported.snooze, snooze.active {
            let duration = alarm.snoozeDuration ?? reported.snoozeDuration ?? WireConstants.defaultSnoozeDuration
            return .snoozed(alarm, until: snooze.startTime + duration)
        }
        return current.step <= 1 ? .sunrise(alarm) : .ringing(alarm)
    }
}

/// Why an alarm command was refused before anything was sent.
public enum AlarmStateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No alarm with this id or name; `known` lists the device's alarms.
    case unknownAlarm(String, known: [String])
    /// Snooze or dismiss while no alarm fires.
    case notRinging
    /// Snooze during the sunrise, before the alarm rings.
    case notRingingYet(alarm: String)
    /// The device's state or alarms have not been read yet; call `load()` or `observe()` first.
    case notLoaded

    /// What went wrong and what to do next.
    public var description: String {
        switch self {
        case .unknownAlarm(let query, let known):
            return "No alarm \"\(query)\" on this device; " + (known.isEmpty ? "it has none." : "known alarms: " + known.joined(separator: ", ") + ".")
        case .notRinging:
            return "No alarm is ringing or snoozed right now."
        case .notRingingYet(let alarm):
            return "\"\(alarm)\" is still in its sunrise; it can be dismissed, but snoozed only once it rings."
        case .notLoaded:
            return "The device's state has not been read yet; load it first."
        }
    }
}

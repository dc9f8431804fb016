/// Why the wake-up screen refused a button.
public enum WakeUpScreenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Snooze was pressed while no alarm rang; the screen showed this instead.
    case notRinging(WakeUpScreenState)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .notRinging(let state): return "Snooze works only while an alarm rings; the screen shows '\(state)'. Wait for the alarm."
        }
    }
}

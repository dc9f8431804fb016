import Foundation
import HatchDeviceModel

/// What the wake-up screen shows.
public enum WakeUpScreenState: Sendable, Hashable, CustomStringConvertible {
    /// No alarm is armed.
    case noAlarm
    /// The next alarm: its name, wake time, and when its sunrise begins (`nil` without one).
    case upcoming(name: String, wakeTime: TimeOfDay, sunriseFrom: Date?)
    /// The sunrise is ramping up: `percent` of the alarm's full brightness.
    case sunrise(name: String, percent: Int)
    /// The alarm rings: the screen offers snooze and dismiss.
    case ringing(name: String)
    /// The alarm is snoozed until `until`, on the device's clock.
    case snoozed(name: String, until: Date)

    /// `ringing: Weekdays` style text for the screen and for test failures.
    public var description: String {
        switch self {
        case .noAlarm: return "no alarm"
        case .upcoming(let name, let wakeTime, let sunriseFrom):
            return "next: \(name) at \(wakeTime)" + (sunriseFrom == nil ? "" : " with a sunrise")
        case .sunrise(let name, let percent): return "sunrise: \(name) \(percent)%"
        case .ringing(let name): return "ringing: \(name)"
        case .snoozed(let name, let until): return "snoozed: \(name) until \(Int(until.timeIntervalSince1970))"
        }
    }
}

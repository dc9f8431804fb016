import Foundation
import Synchronization

/// Gregorian calendars by time zone, made once and shared by every device in that zone: a
/// calendar set to a zone is an object of its own, about 150 bytes a device would keep for life.
enum SharedCalendars {
    private static let calendars = Mutex<[String: Calendar]>([:])

    /// The Gregorian calendar of the zone `identifier`; `nil` when no such zone exists.
    static func gregorian(in identifier: String) -> Calendar? {
        if let calendar = calendars.withLock({ $0[identifier] }) { return calendar }
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendars.withLock { calendars in
            if let existing = calendars[identifier] { return existing }
            calendars[identifier] = calendar
            return calendar
        }
    }

    /// The Gregorian calendar in UTC, for a zone that does not exist.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar
    }()
}

import Foundation
import HatchDeviceModel

/// A reading of a device's clock, in its own time zone.
public struct DeviceClock: Sendable {
    /// The device's time at the reading.
    public let now: Date
    /// The device's time zone.
    public let timeZone: TimeZone

    /// `date` as local `HH:mm:ss zzz` on the device (`23:59:10 EST`).
    public func local(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "HH:mm:ss zzz"
        return formatter.string(from: date)
    }

    /// An epoch second as local time on the device.
    public func local(epoch: Int) -> String { local(Date(timeIntervalSince1970: TimeInterval(epoch))) }

    /// The first whole minute at least `seconds` after ``now``, as a date and a local time of day.
    public func wholeMinute(atLeast seconds: TimeInterval) throws -> (date: Date, time: TimeOfDay) {
        let earliest = now.addingTimeInterval(seconds)
        let floor = calendar.dateInterval(of: .minute, for: earliest)?.start ?? earliest
        let date = floor < earliest ? floor.addingTimeInterval(60) : floor
        return (date, try timeOfDay(date))
    }

    /// The local time of day (hour and minute) of `date` on the device.
    public func timeOfDay(_ date: Date) throws -> TimeOfDay {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return try TimeOfDay(hour: parts.hour ?? 0, minute: parts.minute ?? 0)
    }

    /// The next moment after `date` at which the device's local clock shows `time`.
    public func nextMoment(of time: TimeOfDay, after date: Date) throws -> Date {
        guard let next = calendar.nextDate(after: date, matching: DateComponents(hour: time.hour, minute: time.minute, second: 0),
                                           matchingPolicy: .nextTime) else {
            throw ScenarioFailure("no \(time) after \(date) in \(timeZone.identifier)")
        }
        return next
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}

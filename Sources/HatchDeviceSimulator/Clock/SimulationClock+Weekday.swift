import Foundation

extension SimulationClock {
    /// The first Monday-to-Friday date after the day of `now` at `hour:minute` in `zone`: a start time
    /// at which a work-day alarm is due minutes later (`hatchctl demo` starts its clock there).
    package static func nextWeekday(hour: Int, minute: Int, in zone: TimeZone, after now: Date = Date()) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var day = calendar.startOfDay(for: now)
        while true {
            day = calendar.date(byAdding: .day, value: 1, to: day) ?? day.addingTimeInterval(86_400)
            let weekday = calendar.component(.weekday, from: day)
            if (2...6).contains(weekday), let date = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day) {
                return date
            }
        }
    }
}

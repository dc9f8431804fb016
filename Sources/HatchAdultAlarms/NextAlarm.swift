import Foundation
import HatchDeviceModel

/// The next time an alarm will ring.
public struct NextAlarm: Sendable, Hashable {
    /// The alarm.
    public var alarm: Alarm
    /// When it rings (its wake time), on the device's clock.
    public var fireDate: Date

    /// Creates the next ring of `alarm`, at `fireDate`.
    public init(alarm: Alarm, fireDate: Date) {
        self.alarm = alarm
        self.fireDate = fireDate
    }
    /// When its sunrise starts.
    public var sunriseStart: Date { fireDate.addingTimeInterval(-TimeInterval(alarm.sunriseLead)) }

    /// The earliest enabled alarm occurrence strictly after `date`, in `timeZone` (the device's), or
    /// `nil` when there is none or all alarms are suspended. One-time alarms ring at the next
    /// occurrence of their wake time; repeating ones on their days.
    public static func find(in alarms: [Alarm], after date: Date, timeZone: TimeZone, alarmsDisabled: Bool = false) -> NextAlarm? {
        guard !alarmsDisabled else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let startOfDay = calendar.startOfDay(for: date)
        var best: NextAlarm?
        for alarm in alarms where alarm.enabled {
            for offset in 0...8 {
                guard let day = calendar.date(byAdding: .day, value: offset, to: startOfDay),
                      let fire = calendar.date(bySettingHour: alarm.wakeTime.hour, minute: alarm.wakeTime.minute, second: 0, of: day),
                      fire > date else { continue }
                guard alarm.daysOfWeek.isOnce || alarm.daysOfWeek.contains(weekday: calendar.component(.weekday, from: fire)) else { continue }
                if best == nil || fire < best!.fireDate { best = NextAlarm(alarm: alarm, fireDate: fire) }
                break
            }
        }
        return best
    }
}

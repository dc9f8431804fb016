import Foundation
import HatchAdultAlarms
import HatchDeviceModel

/// A device's alarms as `hatchctl alarm list` shows them: each alarm, the ringing one, the next one,
/// and whether the device suspends them all.
package struct AlarmListing: Encodable, Sendable {
    /// One alarm.
    package struct Entry: Encodable, Sendable {
        package var id: Int
        package var name: String
        package var enabled: Bool
        package var wakeTime: String
        package var daysOfWeek: Int
        /// The days as `weekdays`, `once` or `Mon,Wed,Fri`.
        package var days: String
        /// Seconds of sunrise before the wake time.
        package var sunriseLead: Int
    }

    /// Every alarm of the device.
    package var alarms: [Entry]
    /// `idle`, `sunrise`, `ringing`, `snoozed`: the status of the alarm that fires now.
    package var status: String
    /// The alarm that fires now, when one does.
    package var firingAlarmID: Int?
    /// The next alarm to fire, and when.
    package var nextAlarmID: Int?
    package var nextFireDate: Date?
    /// Whether the device suspends all its alarms.
    package var alarmsDisabled: Bool

    /// The listing of `alarms`, with the status of the firing one, the next one, and the device's switch.
    package init(alarms: [Alarm], status: AlarmStatus, nextAlarm: NextAlarm?, alarmsDisabled: Bool) {
        self.alarms = alarms.map {
            Entry(id: $0.id, name: $0.name, enabled: $0.enabled, wakeTime: $0.wakeTime.description,
                  daysOfWeek: $0.daysOfWeek.rawValue, days: DaysParser.describe($0.daysOfWeek), sunriseLead: $0.sunriseLead)
        }
        self.status = status.name
        firingAlarmID = status.alarm?.id
        nextAlarmID = nextAlarm?.alarm.id
        nextFireDate = nextAlarm?.fireDate
        self.alarmsDisabled = alarmsDisabled
    }

    /// A table of the alarms (or that `deviceName` has none), and a line when they are suspended.
    package func text(deviceName: String) -> String {
        var lines: [String] = []
        if alarms.isEmpty {
            lines.append("\(deviceName) has no alarms.")
        } else {
            lines.append(TextFormat.table(
                header: ["ID", "NAME", "TIME", "DAYS", "SUNRISE", "ENABLED", "STATUS"],
                rows: alarms.map { entry in
                    let status = entry.id == firingAlarmID ? status : (entry.id == nextAlarmID ? "next" : "-")
                    return [String(entry.id), entry.name, entry.wakeTime, entry.days, TextFormat.duration(seconds: entry.sunriseLead),
                            entry.enabled ? "yes" : "no", status]
                }
            ))
        }
        if alarmsDisabled { lines.append("All alarms are suspended on this device.") }
        return lines.joined(separator: "\n")
    }
}

import ArgumentParser
import Foundation

/// `hatchctl alarm list DEVICE`: alarms, the next one, and what fires now.
struct AlarmListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List a device's alarms, the next one and the ringing one.")

    @Argument(help: "The device's name or MAC address.")
    var device: String

    @OptionGroup var options: DeviceCommandOptions

    struct Report: Encodable {
        struct Entry: Encodable {
            var id: Int
            var name: String
            var enabled: Bool
            var wakeTime: String
            var daysOfWeek: Int
            var days: String
            var sunriseLead: Int
        }

        var alarms: [Entry]
        var status: String
        var firingAlarmID: Int?
        var nextAlarmID: Int?
        var nextFireDate: Date?
        var alarmsDisabled: Bool
    }

    func run() async throws {
        let console = options.console
        try await ControlContext.runOnDevice(device, options: options) { context, device in
            let provider = try await AlarmProvider.loaded(for: device, context: context)
            let report = await MainActor.run {
                Report(
                    alarms: provider.alarms.map {
                        Report.Entry(id: $0.id, name: $0.name, enabled: $0.enabled, wakeTime: $0.wakeTime.description,
                                     daysOfWeek: $0.daysOfWeek.rawValue, days: DaysParser.describe($0.daysOfWeek), sunriseLead: $0.sunriseLead)
                    },
                    status: provider.status.name, firingAlarmID: provider.status.alarm?.id,
                    nextAlarmID: provider.nextAlarm?.alarm.id, nextFireDate: provider.nextAlarm?.fireDate,
                    alarmsDisabled: provider.deviceState?.reported.alarmsDisabled ?? false
                )
            }
            console.emit(report) {
                var lines: [String] = []
                if report.alarms.isEmpty {
                    lines.append("\(device.name) has no alarms.")
                } else {
                    lines.append(TextFormat.table(
                        header: ["ID", "NAME", "TIME", "DAYS", "SUNRISE", "ENABLED", "STATUS"],
                        rows: report.alarms.map { entry in
                            let status = entry.id == report.firingAlarmID ? report.status : (entry.id == report.nextAlarmID ? "next" : "-")
                            return [String(entry.id), entry.name, entry.wakeTime, entry.days, TextFormat.duration(seconds: entry.sunriseLead),
                                    entry.enabled ? "yes" : "no", status]
                        }
                    ))
                }
                if report.alarmsDisabled { lines.append("All alarms are suspended on this device.") }
                return lines.joined(separator: "\n")
            }
        }
    }
}

import ArgumentParser
import HatchFleetControl

/// `hatchctl alarm set DEVICE ALARM [--time HH:mm] [--days …]`.
struct AlarmSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "Change an alarm's wake time or days.")

    @OptionGroup var target: DeviceTarget

    @Argument(help: "The alarm's name or id.")
    var alarm: String

    @Option(help: "New wake time, HH:mm.")
    var time: String?

    @Option(help: "New days: weekdays, weekend, everyday, once, or days such as mon,wed,fri.")
    var days: String?

    func validate() throws {
        if time == nil && days == nil { throw ValidationError("Give --time, --days or both.") }
    }

    func run() async throws {
        let (query, time, days) = (alarm, time, days)
        try await target.onAlarms("alarm set") { provider, device in
            let wakeTime = try time.map { text throws(FleetControlError) in try TimeParser.parse(text) }
            let daysOfWeek = try days.map { text throws(FleetControlError) in try DaysParser.parse(text) }
            let alarm = try provider.alarm(matching: query)
            let receipt = try await provider.set(alarm, wakeTime: wakeTime, daysOfWeek: daysOfWeek)
            let newTime = wakeTime ?? alarm.wakeTime, newDays = daysOfWeek ?? alarm.daysOfWeek
            return .init(detail: "\(alarm.name) \(newTime) \(DaysParser.describe(newDays))", version: receipt.dataVersion,
                         text: "\"\(alarm.name)\" on \(device.name) now rings at \(newTime) (\(DaysParser.describe(newDays))).")
        }
    }
}

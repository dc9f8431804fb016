import ArgumentParser
import HatchDeviceModel
import HatchFleetControl

/// `hatchctl alarm add DEVICE --time 06:30 [--days weekdays] [--name Work] [--sunrise 30] [--disabled]`.
struct AlarmAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an alarm.")

    @OptionGroup var target: DeviceTarget

    @Option(help: "Wake time, HH:mm (device time zone).")
    var time: String

    @Option(help: "weekdays, weekend, everyday, once, or days such as mon,wed,fri.")
    var days = "once"

    @Option(help: "The alarm's name.")
    var name = "Alarm"

    @Option(help: "Minutes of sunrise before the wake time (0…120).")
    var sunrise = 30

    @Flag(help: "Create it disarmed.")
    var disabled = false

    func validate() throws {
        do { _ = try TimeParser.parse(time) } catch { throw ValidationError("--time: \(error.description)") }
        do { _ = try DaysParser.parse(days) } catch { throw ValidationError("--days: \(error.description)") }
        guard (0...120).contains(sunrise) else { throw ValidationError("--sunrise must be 0…120 minutes, not \(sunrise).") }
    }

    func run() async throws {
        let (time, days, name, sunrise, enabled) = (time, days, name, sunrise, !disabled)
        try await target.onAlarms("alarm add") { provider, device in
            guard (0...120).contains(sunrise) else { throw FleetControlError.invalidArgument("--sunrise must be 0…120 minutes, not \(sunrise).") }
            let alarm = Alarm(id: 0, name: name, enabled: enabled, daysOfWeek: try DaysParser.parse(days),
                              wakeTime: try TimeParser.parse(time), sunriseLead: sunrise * 60)
            let receipt = try await provider.add(alarm)
            return .init(detail: receipt.id.map { "id \($0)" }, version: receipt.dataVersion,
                         text: "Added \"\(name)\" at \(alarm.wakeTime) (\(DaysParser.describe(alarm.daysOfWeek)))\(receipt.id.map { " as alarm \($0)" } ?? "") on \(device.name).")
        }
    }
}

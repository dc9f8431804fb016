import ArgumentParser
import HatchFleetControl

/// `hatchctl alarm list DEVICE`: alarms, the next one, and what fires now.
struct AlarmListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List a device's alarms, the next one and the ringing one.")

    @OptionGroup var target: DeviceTarget

    func run() async throws {
        let console = target.console
        try await target.run { context, device in
            let provider = try await context.alarmProvider(for: device)
            let report = await MainActor.run {
                AlarmListing(alarms: provider.alarms, status: provider.status, nextAlarm: provider.nextAlarm,
                             alarmsDisabled: provider.deviceState?.reported.alarmsDisabled ?? false)
            }
            console.emit(report) { report.text(deviceName: device.name) }
        }
    }
}

import ArgumentParser

/// `hatchctl alarm snooze DEVICE`: snoozes the ringing alarm.
struct AlarmSnoozeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "snooze", abstract: "Snooze the ringing alarm.")

    @OptionGroup var target: DeviceTarget

    func run() async throws {
        try await target.onAlarms("alarm snooze") { provider, device in
            let alarm = provider.status.alarm
            let receipt = try await provider.snooze()
            return .init(detail: alarm?.name, version: receipt.version, text: "Snoozed \"\(alarm?.name ?? "the alarm")\" on \(device.name).")
        }
    }
}

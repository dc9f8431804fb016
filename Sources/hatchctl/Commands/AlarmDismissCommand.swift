import ArgumentParser

/// `hatchctl alarm dismiss DEVICE`: ends the firing (sunrise, ringing or snoozed) alarm.
struct AlarmDismissCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "dismiss", abstract: "Dismiss the firing alarm.")

    @OptionGroup var target: DeviceTarget

    func run() async throws {
        try await target.onAlarms("alarm dismiss") { provider, device in
            let alarm = provider.status.alarm
            let receipt = try await provider.dismiss()
            return .init(detail: alarm?.name, version: receipt.version, text: "Dismissed \"\(alarm?.name ?? "the alarm")\" on \(device.name).")
        }
    }
}

import ArgumentParser

/// `hatchctl alarm dismiss DEVICE`: ends the firing (sunrise, ringing or snoozed) alarm.
struct AlarmDismissCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "dismiss", abstract: "Dismiss the firing alarm.")

    @OptionGroup var target: DeviceTarget

    func run() async throws {
        try await target.actOnFiringAlarm(action: "alarm dismiss", pastTense: "Dismissed") { try await $0.dismiss() }
    }
}

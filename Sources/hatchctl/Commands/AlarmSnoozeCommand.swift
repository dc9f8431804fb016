import ArgumentParser

/// `hatchctl alarm snooze DEVICE`: snoozes the ringing alarm.
struct AlarmSnoozeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "snooze", abstract: "Snooze the ringing alarm.")

    @OptionGroup var target: DeviceTarget

    func run() async throws {
        try await target.actOnFiringAlarm(action: "alarm snooze", pastTense: "Snoozed") { try await $0.snooze() }
    }
}

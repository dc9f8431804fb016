import ArgumentParser

/// `hatchctl alarm delete DEVICE ALARM`.
struct AlarmDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an alarm.")

    @OptionGroup var target: DeviceTarget

    @Argument(help: "The alarm's name or id.")
    var alarm: String

    func run() async throws {
        try await target.editAlarm(alarm, action: "alarm delete", pastTense: "Deleted") { provider, alarm in
            try await provider.delete(alarm)
        }
    }
}

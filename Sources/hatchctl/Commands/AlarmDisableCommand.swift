import ArgumentParser

/// `hatchctl alarm disable DEVICE ALARM`.
struct AlarmDisableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "disable", abstract: "Disarm an alarm.")

    @OptionGroup var target: DeviceTarget

    @Argument(help: "The alarm's name or id.")
    var alarm: String

    func run() async throws {
        try await target.editAlarm(alarm, action: "alarm disable", pastTense: "Disabled") { provider, alarm in
            try await provider.disable(alarm)
        }
    }
}

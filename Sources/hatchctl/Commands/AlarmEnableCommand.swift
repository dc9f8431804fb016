import ArgumentParser

/// `hatchctl alarm enable DEVICE ALARM`.
struct AlarmEnableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "enable", abstract: "Arm an alarm.")

    @OptionGroup var target: DeviceTarget

    @Argument(help: "The alarm's name or id.")
    var alarm: String

    func run() async throws {
        try await target.editAlarm(alarm, action: "alarm enable", pastTense: "Enabled") { provider, alarm in
            try await provider.enable(alarm)
        }
    }
}

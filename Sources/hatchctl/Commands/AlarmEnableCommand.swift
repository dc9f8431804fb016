import ArgumentParser

/// `hatchctl alarm enable DEVICE ALARM`.
struct AlarmEnableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "enable", abstract: "Arm an alarm.")

    @Argument(help: "The device's name or MAC address.")
    var device: String

    @Argument(help: "The alarm's name or id.")
    var alarm: String

    @OptionGroup var options: DeviceCommandOptions

    func run() async throws {
        try await AlarmEditRunner.run(device: device, alarm: alarm, options: options, action: "alarm enable", pastTense: "Enabled") { provider, alarm in
            try await provider.enable(alarm)
        }
    }
}

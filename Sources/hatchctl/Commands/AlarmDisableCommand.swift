import ArgumentParser

/// `hatchctl alarm disable DEVICE ALARM`.
struct AlarmDisableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "disable", abstract: "Disarm an alarm.")

    @Argument(help: "The device's name or MAC address.")
    var device: String

    @Argument(help: "The alarm's name or id.")
    var alarm: String

    @OptionGroup var options: DeviceCommandOptions

    func run() async throws {
        try await AlarmEditRunner.run(device: device, alarm: alarm, options: options, action: "alarm disable", pastTense: "Disabled") { provider, alarm in
            try await provider.disable(alarm)
        }
    }
}

import ArgumentParser

/// `hatchctl alarm delete DEVICE ALARM`.
struct AlarmDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an alarm.")

    @Argument(help: "The device's name or MAC address.")
    var device: String

    @Argument(help: "The alarm's name or id.")
    var alarm: String

    @OptionGroup var options: DeviceCommandOptions

    func run() async throws {
        try await AlarmEditRunner.run(device: device, alarm: alarm, options: options, action: "alarm delete", pastTense: "Deleted") { provider, alarm in
            try await provider.delete(alarm)
        }
    }
}

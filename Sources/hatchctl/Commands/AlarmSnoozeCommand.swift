import ArgumentParser

/// `hatchctl alarm snooze DEVICE`: snoozes the ringing alarm.
struct AlarmSnoozeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "snooze", abstract: "Snooze the ringing alarm.")

    @Argument(help: "The device's name or MAC address.")
    var device: String

    @OptionGroup var options: DeviceCommandOptions

    func run() async throws {
        let console = options.console
        try await ControlContext.runOnDevice(device, options: options) { context, device in
            let provider = try await AlarmProvider.loaded(for: device, context: context)
            let alarm = await MainActor.run { provider.status.alarm }
            let receipt = try await provider.snooze()
            console.emit(ActionResult(device: device, action: "alarm snooze", detail: alarm?.name, version: receipt.version)) {
                "Snoozed \"\(alarm?.name ?? "the alarm")\" on \(device.name)."
            }
        }
    }
}

import ArgumentParser

/// `hatchctl alarm dismiss DEVICE`: ends the firing (sunrise, ringing or snoozed) alarm.
struct AlarmDismissCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "dismiss", abstract: "Dismiss the firing alarm.")

    @Argument(help: "The device's name or MAC address.")
    var device: String

    @OptionGroup var options: DeviceCommandOptions

    func run() async throws {
        let console = options.console
        try await ControlContext.runOnDevice(device, options: options) { context, device in
            let provider = try await AlarmProvider.loaded(for: device, context: context)
            let alarm = await MainActor.run { provider.status.alarm }
            let receipt = try await provider.dismiss()
            console.emit(ActionResult(device: device, action: "alarm dismiss", detail: alarm?.name, version: receipt.version)) {
                "Dismissed \"\(alarm?.name ?? "the alarm")\" on \(device.name)."
            }
        }
    }
}

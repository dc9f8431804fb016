import ArgumentParser

/// `hatchctl routine stop DEVICE`: stops whatever plays.
struct RoutineStopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop the running routine (and any light or sound).")

    @Argument(help: "The device's name or MAC address.")
    var device: String

    @OptionGroup var options: DeviceCommandOptions

    func run() async throws {
        let console = options.console
        try await ControlContext.runOnDevice(device, options: options) { context, device in
            let provider = try await RoutineProvider.loaded(for: device, context: context)
            let running = await MainActor.run { provider.runningRoutine?.name }
            let receipt = try await provider.stop()
            console.emit(ActionResult(device: device, action: "routine stop", detail: running, version: receipt.version)) {
                running.map { "Stopped \"\($0)\" on \(device.name)." } ?? "Nothing was running on \(device.name); it is off."
            }
        }
    }
}

import ArgumentParser

/// `hatchctl routine next DEVICE`: moves the running routine to its next step.
struct RoutineNextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "next", abstract: "Move the running routine to its next step.")

    @Argument(help: "The device's name or MAC address.")
    var device: String

    @OptionGroup var options: DeviceCommandOptions

    func run() async throws {
        let console = options.console
        try await ControlContext.runOnDevice(device, options: options) { context, device in
            let provider = try await RoutineProvider.loaded(for: device, context: context)
            let before = await MainActor.run { provider.progress }
            let receipt = try await provider.next()
            let detail = before.map { "\($0.routine.name) step \($0.step + 1)/\($0.stepCount)" }
            console.emit(ActionResult(device: device, action: "routine next", detail: detail, version: receipt.version)) {
                "\(device.name): \(detail ?? "next step")."
            }
        }
    }
}

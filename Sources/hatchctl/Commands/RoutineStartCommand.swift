import ArgumentParser

/// `hatchctl routine start DEVICE ROUTINE`: starts a routine or favorite by name or id.
struct RoutineStartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a routine or favorite (by name or id).")

    @Argument(help: "The device's name or MAC address.")
    var device: String

    @Argument(help: "The routine's name or id.")
    var routine: String

    @OptionGroup var options: DeviceCommandOptions

    func run() async throws {
        let console = options.console, query = routine
        try await ControlContext.runOnDevice(device, options: options) { context, device in
            let provider = try await RoutineProvider.loaded(for: device, context: context)
            let routine = try await MainActor.run { try provider.routine(matching: query) }
            let receipt = try await provider.start(routine)
            console.emit(ActionResult(device: device, action: "routine start", detail: routine.name, version: receipt.version)) {
                "Started \"\(routine.name)\" on \(device.name)."
            }
        }
    }
}

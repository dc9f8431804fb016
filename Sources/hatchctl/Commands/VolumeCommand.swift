import ArgumentParser
import HatchFleetControl

/// `hatchctl volume DEVICE PCT`.
struct VolumeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "volume", abstract: "Set the volume in percent (0…100).")

    @Argument(help: "The device's name or MAC address.")
    var device: String

    @Argument(help: "Volume in percent (0…100).")
    var percent: Int

    @OptionGroup var options: DeviceCommandOptions

    func validate() throws {
        guard (0...100).contains(percent) else { throw ValidationError("<percent>: the volume is a percentage 0…100, not \(percent).") }
    }

    func run() async throws {
        let console = options.console, percent = percent
        try await ControlContext.runOnDevice(device, options: options) { context, device in
            let receipt = try await context.dependencies(for: device).deviceSession().send(.setVolume(try PercentParser.scale(percent, option: "volume")))
            console.emit(ActionResult(device: device, action: "volume", detail: "\(percent)%", version: receipt.version)) {
                "Volume on \(device.name): \(percent)%."
            }
        }
    }
}

import ArgumentParser
import HatchDeviceModel
import HatchFleetControl

/// `hatchctl light DEVICE COLOR|off [--brightness PCT]`.
struct LightCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "light",
        abstract: "Set the light to a colour, or turn it off.",
        discussion: "COLOR is #RRGGBB or a name: red, orange, yellow, green, blue, purple, pink, warm, white."
    )

    @Argument(help: "The device's name or MAC address.")
    var device: String

    @Argument(help: "A colour, or `off`.")
    var color: String

    @Option(help: "Brightness in percent (0…100).")
    var brightness = 50

    @OptionGroup var options: DeviceCommandOptions

    func validate() throws {
        guard (0...100).contains(brightness) else { throw ValidationError("--brightness is a percentage 0…100, not \(brightness).") }
        if color.lowercased() != "off" {
            do { _ = try ColorParser.parse(color) } catch { throw ValidationError(error.description) }
        }
    }

    func run() async throws {
        let console = options.console
        let (colorText, brightness) = (color, brightness)
        try await ControlContext.runOnDevice(device, options: options) { context, device in
            let action: DeviceAction
            let detail: String
            if colorText.lowercased() == "off" {
                action = .lightOff
                detail = "off"
            } else {
                let channels = try ColorParser.parse(colorText)
                let intensity = try PercentParser.scale(brightness, option: "--brightness")
                action = .setColor(r: channels.r, g: channels.g, b: channels.b, w: channels.w, intensity: intensity)
                detail = "\(colorText) at \(brightness)%"
            }
            let receipt = try await context.dependencies(for: device).deviceSession().send(action)
            console.emit(ActionResult(device: device, action: "light", detail: detail, version: receipt.version)) {
                "Light on \(device.name): \(detail)."
            }
        }
    }
}

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

    @OptionGroup var target: DeviceTarget

    @Argument(help: "A colour, or `off`.")
    var color: String

    @Option(help: "Brightness in percent (0…100).")
    var brightness = 50

    func validate() throws {
        guard (0...100).contains(brightness) else { throw ValidationError("--brightness is a percentage 0…100, not \(brightness).") }
        if color.lowercased() != "off" {
            do { _ = try ColorParser.parse(color) } catch { throw ValidationError(error.description) }
        }
    }

    func run() async throws {
        let (colorText, brightness) = (color, brightness)
        try await target.send("light") { _ in
            guard colorText.lowercased() != "off" else { return (.lightOff, "off") }
            let channels = try ColorParser.parse(colorText)
            let intensity = try PercentParser.scale(brightness, option: "--brightness")
            return (.setColor(r: channels.r, g: channels.g, b: channels.b, w: channels.w, intensity: intensity), "\(colorText) at \(brightness)%")
        }
    }
}

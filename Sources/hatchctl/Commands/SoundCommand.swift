import ArgumentParser
import HatchDeviceModel

/// `hatchctl sound DEVICE SOUND_ID|off [--volume PCT]`.
struct SoundCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sound", abstract: "Play a sound by id, or stop the sound.")

    @Argument(help: "The device's name or MAC address.")
    var device: String

    @Argument(help: "A sound id (e.g. 3), or `off`.")
    var sound: String

    @Option(help: "Volume in percent (0…100).")
    var volume = 30

    @OptionGroup var options: DeviceCommandOptions

    func validate() throws {
        guard (0...100).contains(volume) else { throw ValidationError("--volume is a percentage 0…100, not \(volume).") }
        if sound.lowercased() != "off", Int(sound).map({ $0 <= 0 }) ?? true {
            throw ValidationError("'\(sound)' is not a sound id; give a positive number such as 3, or `off`.")
        }
    }

    func run() async throws {
        let console = options.console
        let (soundText, volume) = (sound, volume)
        try await ControlContext.runOnDevice(device, options: options) { context, device in
            let action: DeviceAction
            let detail: String
            if soundText.lowercased() == "off" {
                action = .stopSound
                detail = "off"
            } else {
                guard let id = Int(soundText), id > 0, id != WireConstants.soundOffID else {
                    throw HatchctlError.invalidArgument("'\(soundText)' is not a sound id; give a positive number such as 3, or `off`.")
                }
                action = .playSound(id: id, volume: try PercentParser.scale(volume, option: "--volume"))
                detail = "sound \(id) at \(volume)%"
            }
            let receipt = try await context.dependencies(for: device).deviceSession().send(action)
            console.emit(ActionResult(device: device, action: "sound", detail: detail, version: receipt.version)) {
                "Sound on \(device.name): \(detail)."
            }
        }
    }
}

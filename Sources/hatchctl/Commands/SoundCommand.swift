import ArgumentParser
import HatchDeviceModel
import HatchFleetControl

/// `hatchctl sound DEVICE SOUND|off [--volume PCT]`: a sound by the vendor client's name for the
/// device's product (`ocean`, `white noise`) or by id.
struct SoundCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sound", abstract: "Play a sound by name or id, or stop the sound.",
        discussion: "Names are the vendor app's for the product: a Rest 2nd gen or Rest+ 2nd gen has WhiteNoise, Ocean, Rain, …; a Rest Mini has Heartbeat, Water, WhiteNoise, Dryer, Ocean, Wind, Rain, Birds; a Rest+ (1st gen) has Stream, PinkNoise, Dryer, Ocean, Wind, Rain, Bird, Crickets, Brahms, Twinkle, RockABye; a Rest Baby has its 42 tracks (WombSounds, CaribbeanOcean, Hush, …). Restore sounds come from the vendor's content service: give their id.")

    @OptionGroup var target: DeviceTarget

    @Argument(help: "A sound name (e.g. ocean), a sound id (e.g. 10138), or `off`.")
    var sound: String

    @Option(help: "Volume in percent (0…100).")
    var volume = 30

    func validate() throws {
        guard (0...100).contains(volume) else { throw ValidationError("--volume is a percentage 0…100, not \(volume).") }
        if sound.lowercased() != "off", let id = Int(sound), id <= 0 {
            throw ValidationError("'\(sound)' is not a sound id; give a positive number such as 10138, a name such as ocean, or `off`.")
        }
    }

    func run() async throws {
        let (soundText, volume) = (sound, volume)
        try await target.send("sound") { device in
            guard soundText.lowercased() != "off" else { return (.stopSound, "off") }
            let catalog = device.product.sounds
            let id: Int
            if let number = Int(soundText) {
                id = number
            } else if let named = catalog.sound(named: soundText) {
                id = named.id
            } else {
                let names = catalog.sounds.map(\.name)
                throw FleetControlError.invalidArgument(names.isEmpty
                    ? "A \(device.product.marketingName) has no sound names; give a sound id such as 3, or `off`."
                    : "'\(soundText)' is not a \(device.product.marketingName) sound; use one of \(names.joined(separator: ", ")), an id, or `off`.")
            }
            guard id > 0, id != device.product.noSoundID, id != WireConstants.soundOffID else {
                throw FleetControlError.invalidArgument("'\(soundText)' means no sound; use `off` to stop the sound.")
            }
            let name = catalog.sound(id: id).map { "\($0.name) (\(id))" } ?? "sound \(id)"
            return (.playSound(id: id, volume: try PercentParser.scale(volume, option: "--volume")), "\(name) at \(volume)%")
        }
    }
}

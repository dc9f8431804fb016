import ArgumentParser
import HatchFleetControl

/// `hatchctl volume DEVICE PCT`.
struct VolumeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "volume", abstract: "Set the volume in percent (0…100).")

    @OptionGroup var target: DeviceTarget

    @Argument(help: "Volume in percent (0…100).")
    var percent: Int

    func validate() throws {
        guard (0...100).contains(percent) else { throw ValidationError("<percent>: the volume is a percentage 0…100, not \(percent).") }
    }

    func run() async throws {
        let percent = percent
        try await target.send("volume") { _ in (.setVolume(try PercentParser.scale(percent, option: "volume")), "\(percent)%") }
    }
}

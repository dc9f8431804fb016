import ArgumentParser
import Foundation
import HatchDeviceModel
import HatchIoTDeviceStateEmitterClient

/// `hatchctl state DEVICE [--watch]`: the device's state, once or as it changes.
struct StateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Show a device's state; with --watch, print every change until interrupted."
    )

    @Argument(help: "The device's name or MAC address.")
    var device: String

    @Flag(help: "Keep printing every accepted change (one JSON object per line with --json).")
    var watch = false

    @OptionGroup var options: DeviceCommandOptions

    func run() async throws {
        let console = options.console, watch = watch
        try await ControlContext.runOnDevice(device, options: options) { context, device in
            let overview = try await DeviceOverview.load(device, context: context)
            console.emit(DeviceReport(overview, includeState: true)) {
                var text = "\(device.label): \(overview.presenceText())"
                if let state = overview.state { text += "\n" + StateDescription.text(state, playing: overview.playing) }
                text += "\nnext alarm  \(overview.nextAlarmText())"
                return text
            }
            guard watch else { return }
            let session = context.dependencies(for: device).deviceSession()
            for await state in session.states() where state.version > (overview.state?.version ?? Int.min) {
                console.stream(WatchLine(state: state)) {
                    let time = TextFormat.timestamp(Date(timeIntervalSince1970: TimeInterval(state.timestamp)))
                    let current = state.reported.current
                    return "\(time)  v\(state.version)  playing \(current.playing.rawValue) srId \(current.srId) step \(current.step)  light \(StateDescription.color(current.color))  \(StateDescription.sound(current.sound))"
                }
            }
        }
    }

    /// One `--watch --json` line.
    struct WatchLine: Encodable {
        var version: Int
        var timestamp: Int
        var reported: JSONValue

        init(state: IoTDeviceState) {
            version = state.version
            timestamp = state.timestamp
            reported = state.reported.jsonValue
        }
    }
}

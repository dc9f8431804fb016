import ArgumentParser
import Foundation
import HatchDeviceModel
import HatchIoTDeviceConnectionStateClient
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
            let firstVersion = overview.state?.version ?? Int.min
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await state in session.states() where state.version > firstVersion {
                        console.stream(WatchLine(state: state)) {
                            let time = TextFormat.timestamp(Date(timeIntervalSince1970: TimeInterval(state.timestamp)))
                            let current = state.reported.current
                            return "\(time)  v\(state.version)  playing \(current.playing.rawValue) srId \(current.srId) step \(current.step)  light \(StateDescription.color(current.color))  \(StateDescription.sound(current.sound, product: state.product))  volume \(StateDescription.percent(current.sound.v))"
                        }
                    }
                }
                group.addTask {
                    // Connection changes too, so a watcher sees a device drop off and come back.
                    var previous: String?
                    for await connection in session.connectionState.states() {
                        defer { previous = connection.name }
                        guard previous != nil, previous != connection.name else { continue }
                        console.stream(ConnectionLine(connection: connection.name, since: connection.since, reason: Self.reason(connection))) {
                            "\(TextFormat.timestamp(Date()))  \(connection)"
                        }
                    }
                }
                await group.next()
                group.cancelAll()
            }
        }
    }

    private static func reason(_ connection: IoTDeviceConnectionState) -> String? {
        if case .offline(_, let reason) = connection { return reason }
        return nil
    }

    /// One `--watch --json` line for a connection change.
    struct ConnectionLine: Encodable {
        var connection: String
        var since: Date?
        var reason: String?
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

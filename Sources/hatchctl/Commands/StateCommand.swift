import ArgumentParser
import Foundation
import HatchDeviceModel
import HatchFleetControl
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient

/// `hatchctl state DEVICE [--watch]`: the device's state, once or as it changes.
struct StateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Show a device's state; with --watch, print every change until interrupted."
    )

    @OptionGroup var target: DeviceTarget

    @Flag(help: "Keep printing every accepted change (one JSON object per line with --json).")
    var watch = false

    func run() async throws {
        let console = target.console, watch = watch
        try await target.run { context, device in
            let overview = try await context.overview(of: device)
            console.emit(DeviceReport(overview, includeState: true)) { overview.stateText() }
            guard watch else { return }
            let session = context.dependencies(for: device).deviceSession()
            let firstVersion = overview.state?.version ?? Int.min
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await state in session.states() where state.version > firstVersion {
                        console.stream(StateWatchLine.StateChange(state: state)) { StateWatchLine.StateChange.text(state) }
                    }
                }
                group.addTask {
                    // Connection changes too, so a watcher sees a device drop off and come back.
                    var previous: String?
                    for await connection in session.connectionState.states() {
                        defer { previous = connection.name }
                        guard previous != nil, previous != connection.name else { continue }
                        console.stream(StateWatchLine.ConnectionChange(connection)) {
                            "\(TextFormat.timestamp(Date()))  \(connection)"
                        }
                    }
                }
                await group.next()
                group.cancelAll()
            }
        }
    }
}

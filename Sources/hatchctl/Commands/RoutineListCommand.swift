import ArgumentParser
import HatchAdultRoutine
import HatchDeviceModel
import HatchFleetControl

/// `hatchctl routine list DEVICE`: the device's routines, marking the running one.
struct RoutineListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List a device's routines and favorites.")

    @OptionGroup var target: DeviceTarget

    func run() async throws {
        let console = target.console
        try await target.run { context, device in
            let provider = try await context.routineProvider(for: device)
            let entries = await MainActor.run { RoutineListing.entries(provider.routines, progress: provider.progress) }
            console.emit(entries) { RoutineListing.text(entries, deviceName: device.name) }
        }
    }
}

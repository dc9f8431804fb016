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
            let provider = try await RoutineProvider.loaded(for: device, context: context)
            let entries = await MainActor.run { RoutineListing.entries(provider.routines, progress: provider.progress) }
            console.emit(entries) { RoutineListing.text(entries, deviceName: device.name) }
        }
    }
}

/// Resolves a device's ``RoutineStateProvider`` through its child containers and loads it.
enum RoutineProvider {
    @MainActor
    static func loaded(for device: KnownDevice, context: ControlContext) async throws -> RoutineStateProvider {
        let provider = context.dependencies(for: device).adultRoutine().routineStateProvider
        try await provider.load(timeout: context.timeout)
        return provider
    }
}

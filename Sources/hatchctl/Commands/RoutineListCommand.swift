import ArgumentParser
import HatchAdultRoutine
import HatchDeviceModel

/// `hatchctl routine list DEVICE`: the device's routines, marking the running one.
struct RoutineListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List a device's routines and favorites.")

    @Argument(help: "The device's name or MAC address.")
    var device: String

    @OptionGroup var options: DeviceCommandOptions

    struct Entry: Encodable {
        var id: Int
        var name: String
        var type: String
        var enabled: Bool
        var steps: Int
        var running: Bool
        var step: Int?
        var timeLeft: Int?
    }

    func run() async throws {
        let console = options.console
        try await ControlContext.runOnDevice(device, options: options) { context, device in
            let provider = try await RoutineProvider.loaded(for: device, context: context)
            let entries = await MainActor.run {
                provider.routines.map { routine in
                    let running = provider.progress?.routine.id == routine.id
                    return Entry(id: routine.id, name: routine.name, type: routine.type.rawValue, enabled: routine.enabled,
                                 steps: routine.steps.count, running: running,
                                 step: running ? provider.progress?.step : nil, timeLeft: running ? provider.progress?.timeLeft : nil)
                }
            }
            console.emit(entries) {
                guard !entries.isEmpty else { return "\(device.name) has no routines." }
                return TextFormat.table(
                    header: ["ID", "NAME", "TYPE", "STEPS", "ENABLED", "STATUS"],
                    rows: entries.map { entry in
                        let status = entry.running
                            ? "running (step \(entry.step ?? 0)/\(entry.steps)\(entry.timeLeft.map { ", \(TextFormat.duration(seconds: $0)) left" } ?? ""))"
                            : "-"
                        return [String(entry.id), entry.name, entry.type, String(entry.steps), entry.enabled ? "yes" : "no", status]
                    }
                )
            }
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

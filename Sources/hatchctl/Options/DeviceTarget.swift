import ArgumentParser
import HatchAdultAlarms
import HatchAdultRoutine
import HatchDeviceModel
import HatchFleetControl

/// The device a device command acts on (its first argument) and the options every device command
/// shares, with the bodies those commands have in common: find the device, act, report.
struct DeviceTarget: ParsableArguments {
    @Argument(help: "The device's name or MAC address.")
    var device: String

    @OptionGroup var options: DeviceCommandOptions

    /// The console for `--json` or text output.
    var console: Console { options.console }

    /// What a command did, for its report: the detail and version of its `--json` result and its sentence.
    struct Outcome {
        var detail: String?
        var version: Int?
        var text: String
    }

    /// Finds the device (online unless `requireOnline` is false) and runs `body` with it.
    func run(requireOnline: Bool = true, _ body: @escaping (ControlContext, KnownDevice) async throws -> Void) async throws {
        try await ControlContext.runOnDevice(device, options: options, requireOnline: requireOnline, body)
    }

    /// Sends the action `make` builds for the device and reports it as `name`.
    func send(_ name: String, _ make: @escaping (KnownDevice) throws -> (action: DeviceAction, detail: String)) async throws {
        let console = console
        try await run { context, device in
            let (action, detail) = try make(device)
            let receipt = try await context.dependencies(for: device).deviceSession().send(action)
            console.emit(ActionResult(device: device, action: name, detail: detail, version: receipt.version)) {
                "\(name.prefix(1).uppercased() + name.dropFirst()) on \(device.name): \(detail)."
            }
        }
    }

    /// Loads the device's routines, applies `act` and reports its outcome as `name`.
    func onRoutines(_ name: String, _ act: @escaping @MainActor (RoutineStateProvider, KnownDevice) async throws -> Outcome) async throws {
        try await on(name, { context, device in try await context.routineProvider(for: device) }, act)
    }

    /// Loads the device's alarms, applies `act` and reports its outcome as `name`.
    func onAlarms(_ name: String, _ act: @escaping @MainActor (AlarmStateProvider, KnownDevice) async throws -> Outcome) async throws {
        try await on(name, { context, device in try await context.alarmProvider(for: device) }, act)
    }

    /// Loads a feature provider of the device with `load`, applies `act` and reports its outcome as `name`.
    private func on<Provider: Sendable>(
        _ name: String, _ load: @escaping @MainActor (ControlContext, KnownDevice) async throws -> Provider,
        _ act: @escaping @MainActor (Provider, KnownDevice) async throws -> Outcome
    ) async throws {
        let console = console
        try await run { context, device in
            let provider = try await load(context, device)
            let outcome = try await act(provider, device)
            console.emit(ActionResult(device: device, action: name, detail: outcome.detail, version: outcome.version)) { outcome.text }
        }
    }
}

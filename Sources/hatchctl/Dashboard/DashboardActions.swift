import Foundation
import HatchDashboard
import HatchDeviceModel
import HatchFleetControl
import HatchIoTDeviceConnectionStateClient

/// The dashboard's device controls, done the way hatchctl's own commands do them: through the
/// device's child container (the session for light, sound and volume; the routine and alarm
/// providers for start, stop, snooze and dismiss), with their errors worded by ``ErrorTranslation``.
enum DashboardActions {
    /// Performs `action` on `device` and says what the device answered.
    static func perform(_ action: DashboardDeviceAction, on device: DashboardDevice, context: ControlContext,
                        engine: DashboardEngine) async -> DashboardReply {
        let known = knownDevice(device, context: context, engine: engine)
        do {
            try context.requireOnline(known)
            return try await context.perform(on: known) { try await send(action, to: known, context: context) }
        } catch let error as FleetControlError {
            return .failed(error.description, outcome(of: error))
        } catch {
            return .failed(String(describing: error))
        }
    }

    private static func send(_ action: DashboardDeviceAction, to device: KnownDevice, context: ControlContext) async throws -> DashboardReply {
        if let shadowAction = action.shadowAction {
            let receipt = try await context.dependencies(for: device).deviceSession().send(shadowAction)
            return .done("\(device.name): \(action.name) done (shadow version \(receipt.version)).")
        }
        switch action {
        case .startRoutine(let id):
            let provider = try await context.routineProvider(for: device)
            let routine = try await MainActor.run { try provider.routine(matching: String(id)) }
            _ = try await provider.start(routine)
            return .done("Started \"\(routine.name)\" on \(device.name).")
        case .stopRoutine:
            let provider = try await context.routineProvider(for: device)
            let running = await MainActor.run { provider.runningRoutine?.name }
            _ = try await provider.stop()
            return .done(running.map { "Stopped \"\($0)\" on \(device.name)." } ?? "Nothing was running on \(device.name); it is off.")
        case .snooze:
            let provider = try await context.alarmProvider(for: device)
            let alarm = await MainActor.run { provider.status.alarm?.name }
            _ = try await provider.snooze()
            return .done("Snoozed \"\(alarm ?? "the alarm")\" on \(device.name).")
        case .dismiss:
            let provider = try await context.alarmProvider(for: device)
            let alarm = await MainActor.run { provider.status.alarm?.name }
            _ = try await provider.dismiss()
            return .done("Dismissed \"\(alarm ?? "the alarm")\" on \(device.name).")
        case .desired(let desired):
            let session = context.dependencies(for: device).deviceSession()
            let receipt = try await session.actionSender.updateDesired(desired, session.macAddress, session.product)
            return .done("\(device.name): the shadow accepted the desired update (version \(receipt.version)).")
        case .light, .lightOff, .sound, .soundOff, .volume:
            return .failed("\(action.name) has no shadow action")  // unreachable: these have one
        }
    }

    /// How a failed request ended, for the bulk tally.
    private static func outcome(of error: FleetControlError) -> DashboardReply.Outcome {
        switch error {
        case .deviceOffline: .offline
        case .rejected: .rejected
        case .timeout: .timedOut
        default: .failed
        }
    }

    /// The device as hatchctl's commands know it, with its presence as the dashboard last heard it
    /// (the directory read at start may be older, or may not know a fleet that was still starting).
    private static func knownDevice(_ device: DashboardDevice, context: ControlContext, engine: DashboardEngine) -> KnownDevice {
        var known = context.directory.devices.first { $0.macAddress == device.macAddress && $0.product == device.product }
            ?? KnownDevice(registry: RegistryRecord(macAddress: device.macAddress, product: device.product, name: device.name,
                                                    hardwareVersion: device.product.defaultHardwareVersion,
                                                    firmware: device.product.defaultFirmware))
        if let connection = engine.connection(of: device.thingName) {
            known.presence = PresenceRecord(connection, thing: device.thingName)
        }
        return known
    }
}

private extension PresenceRecord {
    /// A presence record that says what a connection state says (`nil` when it is unknown).
    init?(_ connection: IoTDeviceConnectionState, thing: ThingName) {
        switch connection {
        case .online(let since):
            self.init(state: .online, thingName: thing, timestamp: since.map { Int($0.timeIntervalSince1970) })
        case .offline(let since, let reason):
            self.init(state: .offline, thingName: thing, reason: reason, timestamp: since.map { Int($0.timeIntervalSince1970) })
        case .unknown:
            return nil
        }
    }
}

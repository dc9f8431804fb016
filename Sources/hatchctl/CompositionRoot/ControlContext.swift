import Foundation
import HatchAdultAlarms
import HatchAdultRoutine
import HatchDeviceModel
import HatchDeviceSession
import HatchFleetControl
import HatchMQTT

/// Everything a device command needs: the broker link, the composition root and the device directory.
/// Opened once per command, closed (cleanly disconnected) when the command ends.
struct ControlContext: Sendable {
    let brokerURL: String
    let session: MQTTSession
    let composition: HatchctlComposition
    let directory: DeviceDirectory
    let timeout: Duration

    /// Connects to the broker and reads the device directory.
    static func open(broker: BrokerOptions<ControllerLogin>, timeout: TimeoutOptions) async throws -> ControlContext {
        try await open(connection: broker.resolvedConnection(), timeout: timeout.duration)
    }

    /// Connects to the broker of `connection` and reads the device directory.
    static func open(connection: BrokerConnection, timeout: Duration) async throws -> ControlContext {
        let url = connection.url
        let clientID = "hatchctl-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let session = MQTTSession(configuration: try connection.configuration(clientID: clientID))
        try await connection.connect(session)
        let directory: DeviceDirectory
        do {
            directory = try await DeviceDirectory.load(session: session)
        } catch {
            await session.disconnect()
            throw FleetControlError.brokerUnreachable(url: url, reason: String(describing: error))
        }
        return ControlContext(brokerURL: url, session: session, composition: HatchctlComposition(session: session, timeout: timeout),
                              directory: directory, timeout: timeout)
    }

    /// Runs `body` with a context and always disconnects cleanly afterwards.
    static func with<T: Sendable>(broker: BrokerOptions<ControllerLogin>, timeout: TimeoutOptions, _ body: (ControlContext) async throws -> T) async throws -> T {
        let context = try await open(broker: broker, timeout: timeout)
        do {
            let result = try await body(context)
            await context.session.disconnect()
            return result
        } catch {
            await context.session.disconnect()
            throw error
        }
    }

    /// The device named or addressed by `query`. The first directory read stops at the first lull in
    /// retained records; when it does not know the device (a large fleet may still have been
    /// streaming), the directory is read once more, patiently, before the device is called unknown.
    func device(_ query: String) async throws -> KnownDevice {
        do {
            return try directory.device(query)
        } catch .unknownDevice {
            let patient = try await DeviceDirectory.load(session: session, minimumQuiet: .milliseconds(500))
            return try patient.device(query)
        }
    }

    /// The child container of `device`.
    func dependencies(for device: KnownDevice) -> DeviceSessionDependencies {
        composition.deviceDependencies(macAddress: device.macAddress, product: device.product)
    }

    /// What `devices` and `state` show about `device`, read through the providers of its child containers.
    @MainActor
    func overview(of device: KnownDevice) async throws -> DeviceOverview {
        try await DeviceOverview.load(device, timeout: timeout) {
            let session = dependencies(for: device)
            return (session.adultRoutine().routineStateProvider, session.adultAlarms().alarmStateProvider)
        }
    }

    /// Throws ``FleetControlError/deviceOffline(device:since:reason:)`` unless the device's presence says online.
    func requireOnline(_ device: KnownDevice) throws(FleetControlError) {
        guard device.isOnline else {
            throw .deviceOffline(device: device.label, since: device.presenceSince, reason: device.presence?.reason)
        }
    }
}

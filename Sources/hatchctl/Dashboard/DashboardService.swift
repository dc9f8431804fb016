import Foundation
import HatchDashboard
import HatchFleetControl
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import Logging
import ServiceLifecycle

/// The live dashboard composed from hatchctl's parts, as a service: a ``ControlContext`` (the broker
/// link and the composition root) whose live clients feed a ``LiveDashboard``, hatchctl's device
/// actions behind the controls, and, beside a fleet in this process, its clock and faults.
struct DashboardService: Service {
    let connection: BrokerConnection
    /// The devices to show; `nil`: every device registered on the broker.
    let devices: [DashboardDevice]?
    let simulation: SimulationControls?
    let port: Int
    let access: DashboardAccess
    let timeout: Duration
    let logger: Logger

    func run() async throws {
        let context = try await ControlContext.open(connection: connection, timeout: timeout)
        let devices = self.devices ?? context.directory.devices.map {
            DashboardDevice(name: $0.name, macAddress: $0.macAddress, product: $0.product)
        }
        let root = context.composition.rootContainer
        let feed = DashboardFeed(stateEmitter: try root.resolve(IoTDeviceStateEmitterClient.self),
                                 connections: try root.resolve(IoTDeviceConnectionStateClient.Factory.self),
                                 logSession: context.session)
        let dashboard = LiveDashboard(devices: devices, feed: feed, simulation: simulation, access: access, port: port, logger: logger,
                                      savedCommands: SavedCommandStore(home: BrokerRecord.homeDirectory())) {
            action, device, engine in await DashboardActions.perform(action, on: device, context: context, engine: engine)
        }
        do {
            try await dashboard.run()
        } catch {
            await context.session.disconnect()
            throw error
        }
        await context.session.disconnect()
    }
}

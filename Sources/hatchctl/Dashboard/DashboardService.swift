import Foundation
import HatchDashboard
import HatchFleetControl
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import Logging
import ServiceLifecycle

/// The live dashboard composed from hatchctl's parts, as a service: a ``ControlContext`` (the broker
/// link and the composition root), the live clients it holds feeding the engine, hatchctl's device
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
        var clockReader: (@Sendable () -> SimulationStatus?)?
        if let simulation { clockReader = { simulation.status() } }
        let engine = DashboardEngine(devices: devices, simulation: clockReader)
        let root = context.composition.rootContainer
        let feed = DashboardFeed(stateEmitter: try root.resolve(IoTDeviceStateEmitterClient.self),
                                 connections: try root.resolve(IoTDeviceConnectionStateClient.Factory.self),
                                 logSession: context.session)
        let controls = DashboardControls(perform: { action, device in
            await DashboardActions.perform(action, on: device, context: context, engine: engine)
        }, simulation: simulation)
        let (host, logger) = (access.host, self.logger)
        let token = access.token
        let server = DashboardServer(engine: engine, controls: controls, access: access, port: port, logger: logger) { port in
            let shown = host.contains(":") ? "[\(host)]" : host
            logger.notice("dashboard on http://\(shown):\(port)/\(token == nil ? "" : "?token=…")",
                          metadata: ["dashboardPort": "\(port)", "devices": "\(devices.count)"])
        }
        do {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { await feed.run(into: engine) }
                try await server.run()
                group.cancelAll()
            }
        } catch {
            await context.session.disconnect()
            throw error
        }
        await context.session.disconnect()
    }
}

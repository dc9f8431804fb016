import Foundation
import HatchDeviceModel
import Logging

/// The live dashboard of a set of devices, end to end: an engine fed by the live clients
/// (``DashboardFeed``), served by ``DashboardServer`` with the given controls, until the service
/// group shuts down. What a tool runs once it holds the clients and knows how to act on a device.
package struct LiveDashboard: Sendable {
    /// The devices it shows, a card each.
    private let devices: [DashboardDevice]
    /// The live clients' states, connections and messages.
    private let feed: DashboardFeed
    /// The clock and faults of a simulated fleet; `nil` against real devices.
    private let simulation: SimulationControls?
    /// Who may open the page, and on which host it listens.
    private let access: DashboardAccess
    /// The port on `access.host` (0: any free port, logged).
    private let port: Int
    private let logger: Logger
    /// Where the page's saved commands live; `nil`: the page offers none.
    private let savedCommands: SavedCommandStore?
    /// Does a device control and says what the device answered.
    private let perform: @Sendable (DashboardDeviceAction, DashboardDevice, DashboardEngine) async -> DashboardReply

    /// Creates the live dashboard of a set of devices, end to end.
    package init(
        devices: [DashboardDevice],
        feed: DashboardFeed,
        simulation: SimulationControls?,
        access: DashboardAccess,
        port: Int,
        logger: Logger,
        savedCommands: SavedCommandStore? = nil,
        perform: @escaping @Sendable (DashboardDeviceAction, DashboardDevice, DashboardEngine) async -> DashboardReply
    ) {
        self.devices = devices
        self.feed = feed
        self.simulation = simulation
        self.access = access
        self.port = port
        self.logger = logger
        self.savedCommands = savedCommands
        self.perform = perform
    }

    /// Feeds and serves the dashboard until the service group shuts down; logs its address once it listens.
    package func run() async throws {
        let simulation = self.simulation
        var clockReader: (@Sendable () -> SimulationStatus?)?
        if let simulation { clockReader = { simulation.status() } }
        let engine = DashboardEngine(devices: devices, simulation: clockReader)
        let perform = self.perform
        let requestShadow = feed.logSession.map { session in
            { @Sendable (thing: String) async in
                let token = #"{"clientToken":"dashboard-\#(UUID().uuidString.prefix(8))"}"#
                try? await session.publish(Topics.Shadow(ThingName(rawValue: thing)).get, payload: Data(token.utf8), qos: .atLeastOnce)
            }
        }
        let controls = DashboardControls(perform: { action, device in await perform(action, device, engine) }, simulation: simulation,
                                         requestShadow: requestShadow, savedCommands: savedCommands)
        let (host, token, logger, count) = (access.host, access.token, self.logger, devices.count)
        let server = DashboardServer(engine: engine, controls: controls, access: access, port: port, logger: logger) { port in
            let shown = host.contains(":") ? "[\(host)]" : host
            logger.notice("dashboard on http://\(shown):\(port)/\(token == nil ? "" : "?token=…")",
                          metadata: ["dashboardPort": "\(port)", "devices": "\(count)"])
        }
        let feed = self.feed
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await feed.run(into: engine) }
            try await server.run()
            group.cancelAll()
        }
    }
}

/// What the page's controls do, supplied by whoever composes the dashboard: `hatchctl` sends device
/// actions through its composition root (the same live clients and feature modules as its own
/// commands), and beside a simulated fleet also moves its clock and injects faults.
package struct DashboardControls: Sendable {
    /// Performs an action on a device and says what the device answered.
    package var perform: @Sendable (_ action: DashboardDeviceAction, _ device: DashboardDevice) async -> DashboardReply
    /// The simulated fleet's controls; `nil` against real devices, and the page then shows none.
    package var simulation: SimulationControls? = nil
    /// Asks a device's shadow for its document (a `shadow/get`); the reply reaches the shadow panel
    /// through the log's subscription. `nil` without a broker session.
    package var requestShadow: (@Sendable (_ thing: String) async -> Void)? = nil
    /// Where the page's saved commands live; `nil`: the page offers none.
    package var savedCommands: SavedCommandStore? = nil

    /// Creates the page's controls; `simulation` only for a simulated fleet.
    package init(
        perform: @escaping @Sendable (_ action: DashboardDeviceAction, _ device: DashboardDevice) async -> DashboardReply,
        simulation: SimulationControls? = nil,
        requestShadow: (@Sendable (_ thing: String) async -> Void)? = nil,
        savedCommands: SavedCommandStore? = nil
    ) {
        self.perform = perform
        self.simulation = simulation
        self.requestShadow = requestShadow
        self.savedCommands = savedCommands
    }
}

/// The controls of a simulated fleet: its clock and fault injection.
package struct SimulationControls: Sendable {
    /// The clock now, and the fault kinds on offer.
    package var status: @Sendable () -> SimulationStatus
    /// Changes the clock.
    package var changeClock: @Sendable (ClockChange) async -> DashboardReply
    /// Injects a fault (a ``SimulationStatus/faults`` kind) into a device; `seconds` for the faults
    /// that last (`offline`), `count` for `rejectUpdates`.
    package var injectFault: @Sendable (_ kind: String, _ device: DashboardDevice, _ seconds: Double?, _ count: Int?) async -> DashboardReply

    /// Creates the controls of a simulated fleet.
    package init(
        status: @escaping @Sendable () -> SimulationStatus,
        changeClock: @escaping @Sendable (ClockChange) async -> DashboardReply,
        injectFault: @escaping @Sendable (_ kind: String, _ device: DashboardDevice, _ seconds: Double?, _ count: Int?) async -> DashboardReply
    ) {
        self.status = status
        self.changeClock = changeClock
        self.injectFault = injectFault
    }
}

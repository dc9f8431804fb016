/// What the page's controls do, supplied by whoever composes the dashboard: `hatchctl` sends device
/// actions through its composition root (the same live clients and feature modules as its own
/// commands), and beside a simulated fleet also moves its clock and injects faults.
public struct DashboardControls: Sendable {
    /// Performs an action on a device and says what the device answered.
    public var perform: @Sendable (_ action: DashboardDeviceAction, _ device: DashboardDevice) async -> DashboardReply
    /// The simulated fleet's controls; `nil` against real devices, and the page then shows none.
    public var simulation: SimulationControls? = nil

    /// Creates the page's controls; `simulation` only for a simulated fleet.
    public init(
        perform: @escaping @Sendable (_ action: DashboardDeviceAction, _ device: DashboardDevice) async -> DashboardReply,
        simulation: SimulationControls? = nil
    ) {
        self.perform = perform
        self.simulation = simulation
    }
}

/// The controls of a simulated fleet: its clock and fault injection.
public struct SimulationControls: Sendable {
    /// The clock now, and the fault kinds on offer.
    public var status: @Sendable () -> SimulationStatus
    /// Changes the clock.
    public var changeClock: @Sendable (ClockChange) async -> DashboardReply
    /// Injects a fault (a ``SimulationStatus/faults`` kind) into a device; `seconds` for the faults
    /// that last (`offline`), `count` for `rejectUpdates`.
    public var injectFault: @Sendable (_ kind: String, _ device: DashboardDevice, _ seconds: Double?, _ count: Int?) async -> DashboardReply

    /// Creates the controls of a simulated fleet.
    public init(
        status: @escaping @Sendable () -> SimulationStatus,
        changeClock: @escaping @Sendable (ClockChange) async -> DashboardReply,
        injectFault: @escaping @Sendable (_ kind: String, _ device: DashboardDevice, _ seconds: Double?, _ count: Int?) async -> DashboardReply
    ) {
        self.status = status
        self.changeClock = changeClock
        self.injectFault = injectFault
    }
}

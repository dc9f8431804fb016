import Foundation
import HatchDeviceSimulator

/// The simulator's control channel, which only a fleet the kit started has: jump its clock, inject
/// faults into its devices, and crash and restart its broker. Get it from
/// ``ScenarioRun/simulator(for:essential:)``, which records the step as not applicable on other targets.
public struct SimulatorControl: Sendable {
    let fleet: PrivateFleet

    /// The fleet's clock now.
    public var now: Date { fleet.clock.now }

    /// Moves the fleet's clock forward by `seconds` of simulated time at once (a split shadow service
    /// restarts on the moved clock).
    public func jumpClock(by seconds: TimeInterval) async throws {
        try await fleet.jumpClock(by: seconds)
    }

    /// Moves the fleet's clock forward to `date`; nothing happens when it already reads `date` or later.
    public func jumpClock(to date: Date) async throws {
        let gap = date.timeIntervalSince(now)
        if gap > 0 { try await fleet.jumpClock(by: gap) }
    }

    /// Drops `device`'s connection without a goodbye (its last will fires); it reconnects after
    /// `reconnectAfter` real seconds.
    public func dropConnection(of device: HILDevice, reconnectAfter seconds: Double) async {
        await fleet.inject(.dropConnection(reconnectAfter: seconds), into: device)
    }

    /// Injects any of the simulator's faults into `device`.
    public func inject(_ fault: FaultKind, into device: HILDevice) async {
        await fleet.inject(fault, into: device)
    }

    /// The port of the kit's private broker on 127.0.0.1; `nil` when the fleet uses a broker given by URL.
    public var brokerPort: Int? { fleet.broker?.port }

    /// Kills the kit's private mosquitto as a crash would (SIGKILL, no DISCONNECT to anyone), keeps it
    /// down for `downtime`, and starts it again on the same port. Throws on a broker given by URL, which
    /// the kit never restarts.
    public func crashBroker(downtime: Duration) async throws {
        guard let broker = fleet.broker else {
            throw ScenarioFailure("the fleet runs on \(fleet.brokerURL), a broker the kit does not own; use SimulatedFleet.Broker.privateMosquitto to restart it")
        }
        broker.kill()
        try await Task.sleep(for: downtime)
        try await broker.restart()
    }
}

import HatchDeviceSimulator

/// What ``FleetService`` shows while the fleet connects, runs and stops: `hatchctl` draws it as a
/// live line on a terminal or as JSON status objects.
package protocol FleetServiceDisplay: Sendable {
    /// Connection progress while the fleet starts.
    func progress(_ progress: FleetProgress)
    /// Every device has had its first connection attempt, `elapsed` after the start.
    func connected(_ status: FleetStatus, after elapsed: Duration)
    /// The status once a second while the fleet runs.
    func status(_ status: FleetStatus)
    /// The fleet was asked to stop.
    func stopping()
    /// The fleet stopped; its final counts.
    func stopped(_ status: FleetStatus)
}

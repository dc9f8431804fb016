/// Progress while a fleet connects, for the CLI's progress bar.
public struct FleetProgress: Sendable, Hashable {
    /// Devices connected so far.
    public var connected: Int
    /// Devices that failed to connect so far.
    public var failed: Int
    /// Devices to connect.
    public var total: Int

    /// Creates progress while a fleet connects.
    public init(connected: Int, failed: Int, total: Int) {
        self.connected = connected
        self.failed = failed
        self.total = total
    }
}

import HatchMemberwiseInit

/// Progress while a fleet connects, for the CLI's progress bar.
@MemberwiseInit(.public)
public struct FleetProgress: Sendable, Hashable {
    /// Devices connected so far.
    public var connected: Int
    /// Devices that failed to connect so far.
    public var failed: Int
    /// Devices to connect.
    public var total: Int
}

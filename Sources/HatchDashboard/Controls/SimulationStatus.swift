import HatchMemberwiseInit

/// The simulated fleet's clock as the page shows it.
@MemberwiseInit(.public)
public struct SimulationStatus: Sendable, Hashable, Codable {
    /// The simulated time, ISO 8601 UTC.
    public var time: String
    /// Simulated seconds per real second; 0 when paused.
    public var speed: Double
    /// The fault kinds the page offers.
    public var faults: [String]
}

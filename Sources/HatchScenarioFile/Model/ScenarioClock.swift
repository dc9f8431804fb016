import Foundation

/// The simulated clock at the start: when it starts and how fast it runs.
public struct ScenarioClock: Sendable, Equatable {
    /// The simulated start, or `nil` for now.
    public var start: Date?
    /// The start as written (ISO 8601 with its offset), for reports.
    public var startText: String?
    /// Simulated seconds per real second.
    public var speed: Double

    /// Creates a clock section.
    public init(start: Date? = nil, startText: String? = nil, speed: Double = 60) {
        self.start = start
        self.startText = startText
        self.speed = speed
    }
}

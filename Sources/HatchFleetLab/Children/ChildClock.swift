import Foundation

/// The simulated clock a `hatchctl` child process shares with the bench: the same speed, simulated
/// start and real origin, passed as `--speed`, `--start-time` and `--clock-origin`.
package struct ChildClock: Sendable {
    package var speed: Double
    /// The simulated wall clock at `origin`.
    package var startTime: Date
    /// The real time the clock started at.
    package var origin: Date

    /// Creates the simulated clock a `hatchctl` child process shares with the bench.
    package init(speed: Double, startTime: Date, origin: Date) {
        self.speed = speed
        self.startTime = startTime
        self.origin = origin
    }

    /// The child's clock options.
    package var arguments: [String] {
        ["--speed", String(speed), "--start-time", ISO8601DateFormatter().string(from: startTime),
         "--clock-origin", String(origin.timeIntervalSince1970)]
    }
}

import Foundation
import HatchMemberwiseInit

/// The simulated clock a `hatchctl` child process shares with the bench: the same speed, simulated
/// start and real origin, passed as `--speed`, `--start-time` and `--clock-origin`.
@MemberwiseInit(.package)
package struct ChildClock: Sendable {
    package var speed: Double
    /// The simulated wall clock at `origin`.
    package var startTime: Date
    /// The real time the clock started at.
    package var origin: Date

    /// The child's clock options.
    package var arguments: [String] {
        ["--speed", String(speed), "--start-time", ISO8601DateFormatter().string(from: startTime),
         "--clock-origin", String(origin.timeIntervalSince1970)]
    }
}

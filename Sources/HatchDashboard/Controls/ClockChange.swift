import Foundation

/// A change to the simulated fleet's clock.
package enum ClockChange: Sendable, Hashable {
    /// Run at this many simulated seconds per real second (from a pause, too).
    case speed(Double)
    /// Stop simulated time.
    case pause
    /// Jump to this simulated time.
    case set(Date)
    /// Jump forward this many simulated seconds.
    case advance(TimeInterval)
}

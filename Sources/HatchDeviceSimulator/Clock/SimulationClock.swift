import Foundation
import Synchronization

/// The one clock of a fleet: real time, accelerated (`speed` simulated seconds per real second),
/// or manual (tests move it with ``advance(by:)`` and get deterministic results). The simulated
/// wall clock starts at `startTime` (`--start-time`), so an alarm at 06:30 is seconds away.
public final class SimulationClock: Sendable {
    /// How simulated time moves.
    public enum Mode: Sendable, Hashable {
        /// One simulated second per real second.
        case realTime
        /// `speed` simulated seconds per real second (`--speed 60`: a real second is a simulated minute).
        case accelerated(speed: Double)
        /// Only ``SimulationClock/advance(by:)`` and ``SimulationClock/set(_:)`` move time.
        case manual
    }

    private struct State {
        var anchorSimulated: Date
        var anchorReal: Date
        var speed: Double
    }

    /// How time moved when the clock was made (``setSpeed(_:)`` may have changed the speed since).
    public let mode: Mode
    private let state: Mutex<State>

    /// Creates a clock that reads `startTime` (default: the real time) at the real time `origin`
    /// (default: now). Processes given the same start time, speed and origin (fleet shards, a shadow
    /// service beside the fleet) share one simulated clock.
    public init(mode: Mode, startTime: Date? = nil, origin: Date? = nil) {
        self.mode = mode
        let real = origin ?? Date()
        let speed: Double
        switch mode {
        case .realTime: speed = 1
        case .accelerated(let accelerated): speed = accelerated
        case .manual: speed = 0
        }
        state = Mutex(State(anchorSimulated: startTime ?? real, anchorReal: real, speed: speed))
    }

    /// Parses `--clock-origin`: ISO 8601 (no zone = UTC) or Unix seconds.
    public static func parseOrigin(_ text: String) -> Date? {
        if let seconds = Double(text), seconds.isFinite, seconds > 0 { return Date(timeIntervalSince1970: seconds) }
        let iso = ISO8601DateFormatter()
        return iso.date(from: text) ?? iso.date(from: text + "Z")
    }

    /// Simulated seconds per real second (0 for a manual or paused clock).
    public var speed: Double {
        state.withLock { $0.speed }
    }

    /// The simulated time now.
    public var now: Date {
        state.withLock { state in
            let elapsed = Date().timeIntervalSince(state.anchorReal)
            return state.anchorSimulated.addingTimeInterval(elapsed * state.speed)
        }
    }

    /// Runs on at `speed` simulated seconds per real second from the simulated time now; 0 pauses.
    /// The devices follow at their next tick, as after ``set(_:)``.
    public func setSpeed(_ speed: Double) {
        state.withLock { state in
            let real = Date()
            state.anchorSimulated = state.anchorSimulated.addingTimeInterval(real.timeIntervalSince(state.anchorReal) * state.speed)
            state.anchorReal = real
            state.speed = max(0, speed)
        }
    }

    /// Moves simulated time forward (any mode; on a running clock it jumps).
    public func advance(by seconds: TimeInterval) {
        state.withLock { $0.anchorSimulated.addTimeInterval(seconds) }
    }

    /// The simulated time `time` at the real time `real`, running on at `speed` (0 pauses): the same
    /// setting gives every process (fleet shards, a scenario engine) the same clock, whenever it arrives.
    public func set(_ time: Date, speed: Double, at real: Date) {
        state.withLock { state in
            state.anchorSimulated = time
            state.anchorReal = real
            state.speed = max(0, speed)
        }
    }

    /// The clock's state now, as ``set(_:speed:at:)`` takes it.
    public var reading: (time: Date, speed: Double, at: Date) {
        state.withLock { state in
            let real = Date()
            return (state.anchorSimulated.addingTimeInterval(real.timeIntervalSince(state.anchorReal) * state.speed), state.speed, real)
        }
    }

    /// Sets the simulated time.
    public func set(_ date: Date) {
        state.withLock { state in
            state.anchorSimulated = date
            state.anchorReal = Date()
        }
    }

    /// The real time until the simulated clock reaches `date` (0 when past; `nil` on a manual clock).
    public func realInterval(until date: Date) -> TimeInterval? {
        let speed = self.speed
        guard speed > 0 else { return nil }
        return max(0, date.timeIntervalSince(now) / speed)
    }

    /// Parses `--start-time`: ISO 8601 (`2026-01-05T06:20:00Z`, or without zone = UTC), or `HH:mm`
    /// for today at that UTC time.
    public static func parseStartTime(_ text: String, now: Date = Date()) -> Date? {
        let iso = ISO8601DateFormatter()
        if let date = iso.date(from: text) { return date }
        if let date = iso.date(from: text + "Z") { return date }
        let pieces = text.split(separator: ":")
        if pieces.count == 2, let hour = Int(pieces[0]), let minute = Int(pieces[1]), (0...23).contains(hour), (0...59).contains(minute) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: 0)!
            return calendar.date(bySettingHour: hour, minute: minute, second: 0, of: now)
        }
        return nil
    }
}

import Foundation
import HatchIoTDeviceStateEmitterClient

/// Every state a device's state stream emits, kept in order, with waits for the first one that
/// matches a condition. The stream is the live emitter's: the current shadow first, then every
/// accepted reported change. A wait that times out fails with what the device reported instead.
public final class StateLog: Sendable {
    private let arrivals: Arrivals<IoTDeviceState>
    private let speed: Double

    /// Starts consuming `stream`; `speed` (simulated seconds per real second) converts simulated deadlines.
    init(_ stream: AsyncStream<IoTDeviceState>, speed: Double) {
        self.speed = speed
        arrivals = Arrivals(stream)
    }

    /// Stops consuming.
    func stop() { arrivals.stop() }

    /// How many states arrived so far; pass it as `after` to look only at later ones.
    public var mark: Int { arrivals.count }

    /// The states from index `start` on.
    public func states(from start: Int = 0) -> [IoTDeviceState] {
        arrivals.items(from: start)
    }

    /// The first state at or after index `start` for which `condition` holds, waiting for each new
    /// state up to `timeout` (real time, the last guard); throws a ``ScenarioFailure`` naming `what`
    /// and the states the device reported instead.
    @discardableResult
    public func first(after start: Int = 0, _ what: String, within timeout: Duration,
                      where condition: @Sendable (IoTDeviceState) -> Bool) async throws -> (index: Int, state: IoTDeviceState) {
        guard let found = await arrivals.first(from: start, until: .now.advanced(by: timeout), where: condition) else {
            try Task.checkCancellation()
            throw ScenarioFailure("no \(what) within \(timeout) (real); \(instead(from: start))")
        }
        return (found.index, found.item)
    }

    /// ``first(after:_:within:where:)`` with a deadline in simulated seconds on the device's clock:
    /// twice that at the target's speed plus ``HILTarget/realTimeSlack``, for the broker and a busy machine.
    @discardableResult
    public func first(after start: Int = 0, _ what: String, withinSimulated seconds: TimeInterval,
                      where condition: @Sendable (IoTDeviceState) -> Bool) async throws -> (index: Int, state: IoTDeviceState) {
        try await first(after: start, what, within: HILTarget.realTimeout(simSeconds: seconds, speed: speed), where: condition)
    }

    /// What the device reported from `start` on: the last few states, or the latest one before them.
    private func instead(from start: Int) -> String {
        let all = states(from: 0)
        let since = all[min(start, all.count)...]
        if since.isEmpty {
            return "the device reported nothing new" + (all.last.map { "; its state: " + Self.summary($0) } ?? "")
        }
        let shown = since.suffix(5).map(Self.summary)
        return "the device reported \(since.count) state(s) instead" + (since.count > 5 ? ", the last 5" : "") + ": " + shown.joined(separator: " | ")
    }

    /// A one-line summary of a state for failure messages.
    public static func summary(_ state: IoTDeviceState) -> String {
        let current = state.reported.current
        return "v\(state.version) t=\(state.timestamp) playing=\(current.playing.rawValue) srId=\(current.srId) step=\(current.step) "
            + "color.i=\(current.color.map { String($0.i) } ?? "-") sound=\(current.sound.id)/\(current.sound.v) "
            + "snooze=\(state.reported.snooze?.active == true)"
    }
}

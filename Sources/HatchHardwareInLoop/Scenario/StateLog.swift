import Foundation
import HatchIoTDeviceStateEmitterClient
import Synchronization

/// Every state a device's state stream emits, kept in order, with waits for the first one that
/// matches a condition. The stream is the live emitter's: the current shadow first, then every
/// accepted reported change. A wait that times out fails with what the device reported instead.
public final class StateLog: Sendable {
    private let states = Mutex<[IoTDeviceState]>([])
    private let consumer = Mutex<Task<Void, Never>?>(nil)
    private let speed: Double

    /// Starts consuming `stream`; `speed` (simulated seconds per real second) converts simulated deadlines.
    init(_ stream: AsyncStream<IoTDeviceState>, speed: Double) {
        self.speed = speed
        let task = Task { [weak self] in
            for await state in stream { self?.states.withLock { $0.append(state) } }
        }
        consumer.withLock { $0 = task }
    }

    deinit { consumer.withLock { $0?.cancel() } }

    /// Stops consuming.
    func stop() { consumer.withLock { $0?.cancel() } }

    /// How many states arrived so far; pass it as `after` to look only at later ones.
    public var mark: Int { states.withLock { $0.count } }

    /// The states from index `start` on.
    public func states(from start: Int = 0) -> [IoTDeviceState] {
        states.withLock { Array($0[min(start, $0.count)...]) }
    }

    /// The first state at or after index `start` for which `condition` holds, waiting up to `timeout`
    /// (real time); throws a ``ScenarioFailure`` naming `what` and the states the device reported instead.
    @discardableResult
    public func first(after start: Int = 0, _ what: String, within timeout: Duration,
                      where condition: @Sendable (IoTDeviceState) -> Bool) async throws -> (index: Int, state: IoTDeviceState) {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var checked = start
        while true {
            let snapshot = states(from: checked)
            for (offset, state) in snapshot.enumerated() where condition(state) {
                return (checked + offset, state)
            }
            checked += snapshot.count
            if ContinuousClock.now >= deadline {
                throw ScenarioFailure("no \(what) within \(timeout) (real); \(instead(from: start))")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// ``first(after:_:within:where:)`` with a deadline in simulated seconds on the device's clock:
    /// twice that at the target's speed plus ten real seconds, for the broker and a busy machine.
    @discardableResult
    public func first(after start: Int = 0, _ what: String, withinSimulated seconds: TimeInterval,
                      where condition: @Sendable (IoTDeviceState) -> Bool) async throws -> (index: Int, state: IoTDeviceState) {
        try await first(after: start, what, within: .milliseconds(Int((seconds / speed * 2 + 10) * 1000)), where: condition)
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

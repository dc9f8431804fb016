import Foundation
import HatchIoTDeviceStateEmitterClient
import Synchronization

/// Every state a device's state stream emits, kept in order, with waits for the first one that
/// matches a condition. The stream is the live emitter's: the current shadow first, then every
/// accepted reported change.
final class StateLog: Sendable {
    private let states = Mutex<[IoTDeviceState]>([])
    private let consumer = Mutex<Task<Void, Never>?>(nil)

    /// Starts consuming `stream`.
    init(_ stream: AsyncStream<IoTDeviceState>) {
        let task = Task { [weak self] in
            for await state in stream { self?.states.withLock { $0.append(state) } }
        }
        consumer.withLock { $0 = task }
    }

    deinit { consumer.withLock { $0?.cancel() } }

    /// Stops consuming.
    func stop() { consumer.withLock { $0?.cancel() } }

    /// How many states arrived so far; pass it to ``first(after:_:within:where:)`` to look only at later ones.
    var mark: Int { states.withLock { $0.count } }

    /// The states from index `start` on.
    func states(from start: Int = 0) -> [IoTDeviceState] {
        states.withLock { Array($0[min(start, $0.count)...]) }
    }

    /// The first state at or after index `start` for which `condition` holds, waiting up to `timeout`
    /// (real time); throws a ``ScenarioFailure`` naming `what` and the last state seen.
    @discardableResult
    func first(after start: Int = 0, _ what: String, within timeout: Duration,
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
                let last = states.withLock { $0.last }
                throw ScenarioFailure("no \(what) within \(timeout) (real); last state: \(last.map(Self.summary) ?? "none")")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// A one-line summary of a state for failure messages.
    static func summary(_ state: IoTDeviceState) -> String {
        let current = state.reported.current
        return "v\(state.version) t=\(state.timestamp) playing=\(current.playing.rawValue) srId=\(current.srId) step=\(current.step) "
            + "color.i=\(current.color.map { String($0.i) } ?? "-") sound=\(current.sound.id)/\(current.sound.v) "
            + "snooze=\(state.reported.snooze?.active == true)"
    }
}

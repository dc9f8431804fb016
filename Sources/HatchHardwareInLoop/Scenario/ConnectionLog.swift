import HatchIoTDeviceConnectionStateClient
import Synchronization

/// Every connection state a device's connection-state client emits, in order, with waits.
public final class ConnectionLog: Sendable {
    private let states = Mutex<[IoTDeviceConnectionState]>([])
    private let consumer = Mutex<Task<Void, Never>?>(nil)

    /// Starts consuming `stream`.
    init(_ stream: AsyncStream<IoTDeviceConnectionState>) {
        let task = Task { [weak self] in
            for await state in stream { self?.states.withLock { $0.append(state) } }
        }
        consumer.withLock { $0 = task }
    }

    deinit { consumer.withLock { $0?.cancel() } }

    /// Stops consuming.
    func stop() { consumer.withLock { $0?.cancel() } }

    /// Everything seen so far.
    public var all: [IoTDeviceConnectionState] { states.withLock { $0 } }

    /// The first state matching `condition` after the first occurrence of `previous` (or from the
    /// start), waiting up to `timeout` (real time); the failure lists every state seen.
    public func first(after previous: IoTDeviceConnectionState? = nil, _ what: String, within timeout: Duration,
                      where condition: @Sendable (IoTDeviceConnectionState) -> Bool) async throws -> IoTDeviceConnectionState {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let seen = all
            let start = previous.flatMap { seen.firstIndex(of: $0).map { $0 + 1 } } ?? 0
            if let match = seen[min(start, seen.count)...].first(where: condition) { return match }
            if ContinuousClock.now >= deadline {
                throw ScenarioFailure("no \(what) within \(timeout) (real); connection states seen instead: \(seen.map(\.description))")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

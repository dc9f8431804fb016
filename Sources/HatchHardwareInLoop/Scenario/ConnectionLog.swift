import HatchIoTDeviceConnectionStateClient

/// Every connection state a device's connection-state client emits, in order, with waits.
public final class ConnectionLog: Sendable {
    private let arrivals: Arrivals<IoTDeviceConnectionState>

    /// Starts consuming `stream`.
    init(_ stream: AsyncStream<IoTDeviceConnectionState>) {
        arrivals = Arrivals(stream)
    }

    /// Stops consuming.
    func stop() { arrivals.stop() }

    /// Everything seen so far.
    public var all: [IoTDeviceConnectionState] { arrivals.items() }

    /// The first state matching `condition` after the first occurrence of `previous` (or from the
    /// start), waiting for each new state up to `timeout` (real time, the last guard); the failure
    /// lists every state seen.
    public func first(after previous: IoTDeviceConnectionState? = nil, _ what: String, within timeout: Duration,
                      where condition: @Sendable (IoTDeviceConnectionState) -> Bool) async throws -> IoTDeviceConnectionState {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let seen = all
            let start = previous.flatMap { seen.firstIndex(of: $0).map { $0 + 1 } } ?? 0
            if let match = seen[min(start, seen.count)...].first(where: condition) { return match }
            guard await arrivals.first(from: seen.count, until: deadline, where: { _ in true }) != nil else {
                try Task.checkCancellation()
                throw ScenarioFailure("no \(what) within \(timeout) (real); connection states seen instead: \(all.map(\.description))")
            }
        }
    }
}

extension IoTDeviceConnectionStateClient {
    /// A client that always reports `state` (its stream yields it once and stays open until cancelled).
    public static func mock(_ state: IoTDeviceConnectionState = .online(since: nil)) -> Self {
        Self(
            states: { AsyncStream { $0.yield(state) } },
            current: { state }
        )
    }

    /// A client that knows nothing: `unknown`, and a stream that finishes at once.
    public static let noOp = Self(
        states: { AsyncStream { $0.finish() } },
        current: { .unknown }
    )
}

extension IoTDeviceConnectionStateClient.Factory {
    /// A factory whose clients all report `state`.
    public static func mock(_ state: IoTDeviceConnectionState = .online(since: nil)) -> Self {
        Self { _, _ in .mock(state) }
    }

    /// A factory whose clients know nothing.
    public static let noOp = Self { _, _ in .noOp }
}

import HatchDeviceModel

extension IoTDeviceStateEmitterClient {
    /// A client that emits fixed values: each stream yields its value once and stays open until
    /// cancelled (like a live stream with no further changes); `currentState` returns `state` for any device.
    public static func mock(
        state: IoTDeviceState = .mock(),
        routines: RecordCollection<Routine> = RecordCollection(items: [.mockWindDown]),
        alarms: RecordCollection<Alarm> = RecordCollection(items: [.mockWeekdays])
    ) -> Self {
        Self(
            states: { macAddress, product in
                var value = state
                value.macAddress = macAddress
                value.product = product
                return .openAfterYielding(value)
            },
            currentState: { macAddress, product in
                var value = state
                value.macAddress = macAddress
                value.product = product
                return value
            },
            routines: { _, _ in .openAfterYielding(routines) },
            alarms: { _, _ in .openAfterYielding(alarms) }
        )
    }

    /// A client that does nothing: streams finish at once and `currentState` throws a timeout.
    public static let noOp = Self(
        states: { _, _ in AsyncStream { $0.finish() } },
        currentState: { macAddress, product in
            throw IoTDeviceStateEmitterError.timeout(thingName: ThingName(product: product, macAddress: macAddress), after: .zero)
        },
        routines: { _, _ in AsyncStream { $0.finish() } },
        alarms: { _, _ in AsyncStream { $0.finish() } }
    )
}

extension AsyncStream where Element: Sendable {
    /// A stream that yields `value` and then stays open until its consumer is cancelled.
    static func openAfterYielding(_ value: Element) -> AsyncStream<Element> {
        AsyncStream { continuation in continuation.yield(value) }
    }
}

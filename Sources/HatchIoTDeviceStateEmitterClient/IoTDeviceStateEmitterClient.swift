import HatchDeviceModel

/// Emits the typed state of a device (MAC address + product) and its routine and alarm records.
///
/// A struct of `@Sendable` closures, in the style of swift-dependencies clients: build the live value
/// with ``live(session:timeout:)`` (one shared `MQTTSession` per process), or use ``mock(state:routines:alarms:)``
/// and ``noOp`` in tests and previews. This module never imports the dependency container: the feature
/// modules register a value of this type in it.
public struct IoTDeviceStateEmitterClient: Sendable {
    /// The device's state as a stream: first the current shadow (a shadow `get`), then every accepted
    /// reported change in version order. Older versions and reports that change nothing are dropped.
    /// The stream ends when the consuming task is cancelled.
    public var states: @Sendable (_ macAddress: MacAddress, _ product: HardwareProduct) -> AsyncStream<IoTDeviceState>

    /// The device's current state, read on demand with a shadow `get`. Throws ``IoTDeviceStateEmitterError``.
    public var currentState: @Sendable (_ macAddress: MacAddress, _ product: HardwareProduct) async throws -> IoTDeviceState

    /// The device's routines as a stream: the retained record first, then every newer `dataVersion`.
    public var routines: @Sendable (_ macAddress: MacAddress, _ product: HardwareProduct) -> AsyncStream<RecordCollection<Routine>>

    /// The device's alarms as a stream: the retained record first, then every newer `dataVersion`.
    public var alarms: @Sendable (_ macAddress: MacAddress, _ product: HardwareProduct) -> AsyncStream<RecordCollection<Alarm>>

    /// Creates a state emitter from its closures (live, or a mock's).
    public init(
        states: @escaping @Sendable (_ macAddress: MacAddress, _ product: HardwareProduct) -> AsyncStream<IoTDeviceState>,
        currentState: @escaping @Sendable (_ macAddress: MacAddress, _ product: HardwareProduct) async throws -> IoTDeviceState,
        routines: @escaping @Sendable (_ macAddress: MacAddress, _ product: HardwareProduct) -> AsyncStream<RecordCollection<Routine>>,
        alarms: @escaping @Sendable (_ macAddress: MacAddress, _ product: HardwareProduct) -> AsyncStream<RecordCollection<Alarm>>
    ) {
        self.states = states
        self.currentState = currentState
        self.routines = routines
        self.alarms = alarms
    }
}

import HatchDeviceModel

/// Whether one device is reachable: online, offline (since when, and why) or unknown, from the
/// device's retained presence record and this process's own broker link.
///
/// One client per device, made by a ``Factory`` (register the factory in the container; a feature
/// module makes the client for its device). A struct of `@Sendable` closures: ``Factory/live(session:presenceWait:)``,
/// ``mock(_:)``, ``noOp``.
public struct IoTDeviceConnectionStateClient: Sendable {
    /// The connection state as a stream: the current value first, then every change. Ends when the
    /// consuming task is cancelled.
    public var states: @Sendable () -> AsyncStream<IoTDeviceConnectionState>

    /// The current connection state; waits briefly for the retained presence record and answers
    /// ``IoTDeviceConnectionState/unknown`` when there is none or the broker link is down.
    public var current: @Sendable () async -> IoTDeviceConnectionState

    /// Creates a connection-state client from its two closures.
    public init(
        states: @escaping @Sendable () -> AsyncStream<IoTDeviceConnectionState>,
        current: @escaping @Sendable () async -> IoTDeviceConnectionState
    ) {
        self.states = states
        self.current = current
    }

    /// Makes the connection-state client of one device.
    public struct Factory: Sendable {
        /// Makes the client of the device with this MAC address and product.
        public var make: @Sendable (_ macAddress: MacAddress, _ product: HardwareProduct) -> IoTDeviceConnectionStateClient

        /// Creates a factory that makes each device's connection-state client with `make`.
        public init(make: @escaping @Sendable (_ macAddress: MacAddress, _ product: HardwareProduct) -> IoTDeviceConnectionStateClient) {
            self.make = make
        }

        /// Makes the client of the device with this MAC address and product.
        public func callAsFunction(_ macAddress: MacAddress, _ product: HardwareProduct) -> IoTDeviceConnectionStateClient {
            make(macAddress, product)
        }
    }
}

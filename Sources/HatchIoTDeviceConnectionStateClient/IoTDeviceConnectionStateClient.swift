import HatchDeviceModel
import HatchMemberwiseInit

/// Whether one device is reachable: online, offline (since when, and why) or unknown, from the
/// device's retained presence record and this process's own broker link.
///
/// One client per device, made by a ``Factory`` (register the factory in the container; a feature
/// module makes the client for its device). A struct of `@Sendable` closures: ``Factory/live(session:presenceWait:)``,
/// ``mock(_:)``, ``noOp``.
@MemberwiseInit(.public)
public struct IoTDeviceConnectionStateClient: Sendable {
    /// The connection state as a stream: the current value first, then every change. Ends when the
    /// consuming task is cancelled.
    public var states: @Sendable () -> AsyncStream<IoTDeviceConnectionState>

    /// The current connection state; waits briefly for the retained presence record and answers
    /// ``IoTDeviceConnectionState/unknown`` when there is none or the broker link is down.
    public var current: @Sendable () async -> IoTDeviceConnectionState

    /// Makes the connection-state client of one device.
    @MemberwiseInit(.public)
    public struct Factory: Sendable {
        /// Makes the client of the device with this MAC address and product.
        public var make: @Sendable (_ macAddress: MacAddress, _ product: HardwareProduct) -> IoTDeviceConnectionStateClient

        /// Makes the client of the device with this MAC address and product.
        public func callAsFunction(_ macAddress: MacAddress, _ product: HardwareProduct) -> IoTDeviceConnectionStateClient {
            make(macAddress, product)
        }
    }
}

import HatchDeviceModel

/// One version of a device's reported state, as its shadow holds it.
public struct IoTDeviceState: Sendable, Hashable {
    /// The device's MAC address.
    public var macAddress: MacAddress
    /// The device's product.
    public var product: HardwareProduct
    /// The reported document, typed (`state.reported`).
    public var reported: ReportedState
    /// The shadow version this state was read at.
    public var version: Int
    /// The shadow's timestamp for this version: an epoch second on the device's (simulation) clock.
    public var timestamp: Int

    /// Creates one version of a device's reported state.
    public init(macAddress: MacAddress, product: HardwareProduct, reported: ReportedState, version: Int, timestamp: Int) {
        self.macAddress = macAddress
        self.product = product
        self.reported = reported
        self.version = version
        self.timestamp = timestamp
    }
}

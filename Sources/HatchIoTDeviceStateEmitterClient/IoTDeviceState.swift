import HatchDeviceModel
import HatchMemberwiseInit

/// One version of a device's reported state, as its shadow holds it.
@MemberwiseInit(.public)
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
}

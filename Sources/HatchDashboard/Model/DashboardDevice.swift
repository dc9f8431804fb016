import HatchDeviceModel

/// A device the dashboard shows: who it is, from the broker's registry (or a fleet file).
public struct DashboardDevice: Sendable, Hashable {
    /// The user's name for it, e.g. `Nursery`.
    public var name: String
    /// Its MAC address.
    public var macAddress: MacAddress
    /// Its product.
    public var product: HardwareProduct

    /// Creates a device the dashboard shows.
    public init(name: String, macAddress: MacAddress, product: HardwareProduct) {
        self.name = name
        self.macAddress = macAddress
        self.product = product
    }

    /// The AWS IoT thing name, the card's key (`data-thing`).
    public var thingName: ThingName { ThingName(product: product, macAddress: macAddress) }
}

import HatchDeviceModel

/// A device the dashboard shows: who it is, from the broker's registry (or a fleet file).
package struct DashboardDevice: Sendable, Hashable {
    /// The user's name for it, e.g. `Nursery`.
    package var name: String
    /// Its MAC address.
    package var macAddress: MacAddress
    /// Its product.
    package var product: HardwareProduct

    /// Creates a device the dashboard shows.
    package init(name: String, macAddress: MacAddress, product: HardwareProduct) {
        self.name = name
        self.macAddress = macAddress
        self.product = product
    }

    /// The AWS IoT thing name, the card's key (`data-thing`).
    package var thingName: ThingName { ThingName(product: product, macAddress: macAddress) }
}

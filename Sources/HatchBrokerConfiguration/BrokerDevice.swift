import HatchDeviceModel

/// A device that gets its own login on the broker: its thing name is its username, and its fleet-file
/// name, MAC address and product label it in the generated files.
package struct BrokerDevice: Sendable, Hashable {
    /// The device's name in the fleet file.
    package var name: String
    /// Its MAC address, as written in the generated files.
    package var macAddress: String
    /// Its product (a ``HardwareProduct`` raw value).
    package var product: String
    /// Its thing name: the username it logs in with and the client id it must use.
    package var thing: ThingName

    /// Creates a device that gets its own login on the broker.
    package init(name: String, macAddress: String, product: String, thing: ThingName) {
        self.name = name
        self.macAddress = macAddress
        self.product = product
        self.thing = thing
    }
}

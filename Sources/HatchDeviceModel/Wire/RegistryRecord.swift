/// The retained registry record of a device: what the vendor's cloud knows about the hardware.
public struct RegistryRecord: Sendable, Hashable, Codable {
    /// MAC address (canonical form).
    public var macAddress: MacAddress
    /// Product.
    public var product: HardwareProduct
    /// Thing name (`{product}_{mac}`).
    public var thingName: ThingName
    /// The name the owner gave the device.
    public var name: String
    /// Hardware version.
    public var hardwareVersion: String
    /// Firmware version.
    public var firmware: String

    /// Creates a registry record.
    public init(macAddress: MacAddress, product: HardwareProduct, name: String, hardwareVersion: String, firmware: String) {
        self.macAddress = macAddress
        self.product = product
        self.thingName = ThingName(product: product, macAddress: macAddress)
        self.name = name
        self.hardwareVersion = hardwareVersion
        self.firmware = firmware
    }

    /// The wire form.
    public var jsonValue: JSONValue {
        ["macAddress": .string(macAddress.rawValue), "product": .string(product.rawValue),
         "thingName": .string(thingName.rawValue), "name": .string(name),
         "hardwareVersion": .string(hardwareVersion), "firmware": .string(firmware)]
    }
}

import HatchDeviceModel
import HatchSeededRandom

/// The fixed facts of one simulated device: identity, hardware and radio. Settings that change
/// at run time live in ``DeviceSettings``.
public struct DeviceProfile: Sendable, Hashable {
    /// The owner's name for the device ("Nursery").
    public var name: String
    /// MAC address.
    public var macAddress: MacAddress
    /// Product.
    public var product: HardwareProduct
    /// Firmware version (`deviceInfo.f`).
    public var firmware: String
    /// Hardware version (`deviceInfo.hwVersion`).
    public var hardwareVersion: String
    /// Mean Wi-Fi signal strength in dBm; the reported `rssi` jitters around it.
    public var baseRSSI: Int
    /// Seed of the device's random generator (by default derived from the MAC).
    public var seed: UInt64

    /// Creates a profile; firmware and hardware version default to the product's.
    public init(name: String, macAddress: MacAddress, product: HardwareProduct, firmware: String? = nil,
                hardwareVersion: String? = nil, baseRSSI: Int = -55, seed: UInt64? = nil) {
        self.name = name
        self.macAddress = macAddress
        self.product = product
        self.firmware = firmware ?? product.defaultFirmware
        self.hardwareVersion = hardwareVersion ?? product.defaultHardwareVersion
        self.baseRSSI = baseRSSI
        self.seed = seed ?? SeededRandom.seed(from: macAddress.rawValue)
    }

    /// The AWS IoT thing name.
    public var thingName: ThingName { ThingName(product: product, macAddress: macAddress) }

    /// The retained registry record.
    public var registryRecord: RegistryRecord {
        RegistryRecord(macAddress: macAddress, product: product, name: name, hardwareVersion: hardwareVersion, firmware: firmware)
    }
}

import Foundation
import HatchDeviceModel
import HatchDeviceSimulator

/// One device a scenario may drive: its name (for the report), MAC address and product.
public struct HILDevice: Sendable, Hashable, CustomStringConvertible {
    /// The name the report shows, e.g. `Nursery`.
    public var name: String
    /// The device's MAC address, which keys it on the broker.
    public var macAddress: MacAddress
    /// The device's product, which decides what it can do.
    public var product: HardwareProduct

    /// A device; without a name it is called by its product and the end of its MAC address.
    public init(name: String? = nil, macAddress: MacAddress, product: HardwareProduct) {
        self.name = name ?? "\(product.marketingName) \(macAddress.rawValue.suffix(5))"
        self.macAddress = macAddress
        self.product = product
    }

    /// What the hardware can do.
    public var capabilities: HardwareCapabilities { product.capabilities }

    /// `Nursery (restoreV5)`.
    public var description: String { "\(name) (\(product.rawValue))" }

    /// Parses `MAC=product` pairs separated by commas or white space (`HATCH_HIL_DEVICES`).
    public static func parseList(_ text: String) throws(HILConfigurationError) -> [HILDevice] {
        let entries = text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        var devices: [HILDevice] = []
        for entry in entries {
            let parts = entry.split(separator: "=", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { throw .malformedDevice(entry) }
            let mac: MacAddress
            do {
                mac = try MacAddress(validating: parts[0])
            } catch {
                throw .invalidMacAddress(parts[0], reason: error.description)
            }
            guard let product = HardwareProduct(rawValue: parts[1]) else { throw .unknownProduct(parts[1]) }
            devices.append(HILDevice(macAddress: mac, product: product))
        }
        return devices
    }

    /// The devices of a fleet file, in its order.
    public static func load(fleetFile: URL) throws(HILConfigurationError) -> [HILDevice] {
        guard FileManager.default.isReadableFile(atPath: fleetFile.path) else {
            throw .unreadableFleetFile(path: fleetFile.path, reason: "no readable file there")
        }
        do {
            return try FleetDefinition.load(contentsOf: fleetFile).devices.map {
                HILDevice(name: $0.profile.name, macAddress: $0.profile.macAddress, product: $0.profile.product)
            }
        } catch {
            throw .unreadableFleetFile(path: fleetFile.path, reason: error.description)
        }
    }
}

import Foundation
import HatchDeviceModel
import HatchDeviceSimulator

/// One device the scenarios may drive: its name (for the report), MAC address and product.
struct HILDevice: Sendable, Hashable, CustomStringConvertible {
    var name: String
    var macAddress: MacAddress
    var product: HardwareProduct

    /// What the hardware can do.
    var capabilities: HardwareCapabilities { product.capabilities }

    /// `Nursery (restoreV5)`.
    var description: String { "\(name) (\(product.rawValue))" }

    /// Parses `MAC=product` pairs separated by commas or white space.
    static func parseList(_ text: String) throws(HILConfigurationError) -> [HILDevice] {
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
            devices.append(HILDevice(name: "\(product.marketingName) \(mac.rawValue.suffix(5))", macAddress: mac, product: product))
        }
        return devices
    }

    /// The devices of a fleet file.
    static func load(fleetFile: URL) throws(HILConfigurationError) -> [HILDevice] {
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

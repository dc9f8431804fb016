import Foundation
import HatchFleetFile

/// The fleet files a command takes with a repeatable `--devices` (`broker config`, `cloud provision`),
/// read as one fleet.
package enum FleetFiles {
    /// Loads every file, in order; a parse error names the file, line and field.
    package static func load(_ paths: [String]) throws(FleetControlError) -> [FleetDefinition] {
        var fleets: [FleetDefinition] = []
        for path in paths {
            do {
                fleets.append(try FleetDefinition.load(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                throw .invalidArgument("\(error)")
            }
        }
        return fleets
    }

    /// One definition with the devices of every fleet file, named after the first; a device in two
    /// files would get two identities under one thing name, so it is refused.
    package static func combined(_ fleets: [FleetDefinition]) throws(FleetControlError) -> FleetDefinition {
        guard var result = fleets.first else { throw .invalidArgument("--devices: name at least one fleet file.") }
        var seen = Set(result.devices.map(\.profile.macAddress))
        for fleet in fleets.dropFirst() {
            for device in fleet.devices {
                guard seen.insert(device.profile.macAddress).inserted else {
                    throw .invalidArgument("--devices: \(device.profile.macAddress) is in fleet '\(fleet.name)' and in an earlier fleet file; a device may be in one only.")
                }
                result.devices.append(device)
            }
        }
        return result
    }
}

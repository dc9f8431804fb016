import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchScenarioFile

/// The fleet file of a scenario's generated devices: a cohort per group and time zone, each device
/// with a three-step wind-down routine (so routines can start on every product that has them), read
/// by the fleet-file parser like any other.
enum GeneratedFleet {
    /// The fleet file text for `groups`; errors name the group's line.
    static func yaml(_ groups: [DeviceGroup], name: String) throws(ScenarioFileError) -> String {
        var cohorts = ""
        var prefix = 0x024D00
        for group in groups {
            guard HardwareProduct(rawValue: group.product) != nil else {
                let known = HardwareProduct.allCases.map(\.rawValue).joined(separator: ", ")
                throw ScenarioFileError(FieldLocation(file: group.location.file, line: group.location.line, field: group.location.field + ".product"),
                                        "unknown product '\(group.product)'; use one of \(known)")
            }
            let zones = group.timeZones.isEmpty ? ["UTC"] : group.timeZones
            for (index, zone) in zones.enumerated() {
                let count = group.count / zones.count + (index < group.count % zones.count ? 1 : 0)
                guard count > 0 else { continue }
                let macPrefix = String(format: "%02X:%02X:%02X", (prefix >> 16) & 0xFF, (prefix >> 8) & 0xFF, prefix & 0xFF)
                prefix += 1
                let cohortName = (group.namePrefix ?? group.product) + (zones.count > 1 ? " \(zone)" : "")
                cohorts += """
                  - name: \(quoted(cohortName))
                    count: \(count)
                    macPrefix: "\(macPrefix)"
                    products: { \(group.product): 1 }
                    timezone: \(quoted(zone))
                    routineTemplate: windDown

                """
            }
        }
        return """
            fleet: \(quoted(name))
            defaults:
              timezone: UTC
            routineTemplates:
              windDown:
                - id: 1
                  name: Wind down
                  type: flex
                  steps:
                    - { color: { r: 65535, g: 30000, b: 5000, w: 0, i: 30000 }, sound: { id: 3, v: 20000 }, duration: 300 }
                    - { color: { r: 40000, g: 10000, b: 0, w: 0, i: 10000 }, sound: { id: 5, v: 12000 }, duration: 300 }
                    - { color: { r: 20000, g: 0, b: 0, w: 0, i: 3000 }, duration: 300 }
            cohorts:
            \(cohorts)
            """
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

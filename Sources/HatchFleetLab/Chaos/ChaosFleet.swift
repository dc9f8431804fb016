import Foundation
import HatchDeviceSimulator

/// The fleet a chaos run drives: a fleet file of the user's, or a generated fleet of the product mix
/// of the bench, each device looping a routine.
package struct ChaosFleet: Sendable {
    /// The devices.
    package var definition: FleetDefinition
    /// The generated fleet's YAML, which the fleet child reads (`nil` for a fleet file).
    package var text: String?
    /// The fleet file (`nil` for a generated fleet).
    package var file: URL?

    /// The fleet file at `path`, which must schedule no faults (chaos brings its own); a typed error
    /// names the option and what is wrong.
    package static func file(_ path: String) throws(FleetLabError) -> ChaosFleet {
        let file = URL(fileURLWithPath: path)
        let definition: FleetDefinition
        do {
            definition = try FleetDefinition.load(contentsOf: file)
        } catch {
            throw .unusableFleetFile("--fleet-file: \(error)")
        }
        guard definition.faults.isEmpty else {
            throw .unusableFleetFile("--fleet-file: \(path) schedules faults of its own; chaos brings its own faults, so use a file without `faults:`.")
        }
        return ChaosFleet(definition: definition, text: nil, file: file)
    }

    /// A generated fleet of `devices` devices, each looping a routine.
    package static func generated(devices: Int) throws -> ChaosFleet {
        ChaosFleet(definition: try BenchFleet.definition(count: devices, name: "chaos", loopRoutine: true),
                   text: BenchFleet.yaml(count: devices, name: "chaos", loopRoutine: true), file: nil)
    }
}

import Foundation
import HatchDeviceModel

/// A device that `hatchctl broker config` gives a login to but that no fleet in the test runs: its
/// credential can play a misbehaving device without taking over a running device's session (a login
/// may connect only as its own thing).
enum SpareDevice {
    static let thing = ThingName(rawValue: "restoreV5_a4c1381000ee")

    /// `--devices FILE` arguments for `hatchctl broker config`, with a one-device fleet file written into `folder`.
    static func arguments(in folder: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("spare.yaml")
        try Data("""
            fleet: spare
            devices:
              - { name: Spare, mac: "A4:C1:38:10:00:EE", product: restoreV5 }

            """.utf8).write(to: file)
        return ["--devices", file.path]
    }
}

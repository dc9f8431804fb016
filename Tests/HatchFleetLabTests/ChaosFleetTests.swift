import Foundation
import HatchFleetLab
import Testing

/// The fleet a chaos run drives: a generated one, or a fleet file without faults of its own.
@Suite("Chaos fleet")
struct ChaosFleetTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chaos-fleet-tests-\(UUID().uuidString)")

    private func write(_ yaml: String) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("fleet.yaml")
        try Data(yaml.utf8).write(to: file)
        return file.path
    }

    @Test("a generated fleet has the devices asked for and the YAML its fleet child reads")
    func generated() throws {
        let fleet = try ChaosFleet.generated(devices: 12)
        #expect(fleet.definition.devices.count == 12)
        #expect(fleet.text?.contains("chaos") == true)
        #expect(fleet.file == nil)
    }

    @Test("a fleet file is used as it is, unless it schedules faults of its own")
    func fleetFile() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let devices = """
            fleet: lab
            devices:
              - { name: Nursery, mac: "A4:C1:38:10:00:01", product: restoreV5 }

            """
        let plain = try ChaosFleet.file(try write(devices))
        #expect(plain.definition.devices.map(\.profile.name) == ["Nursery"])
        #expect(plain.text == nil)
        let faulty = try write(devices + "faults:\n  - fault: reboot\n    all: true\n    after: 5\n")
        let error = #expect(throws: FleetLabError.self) { try ChaosFleet.file(faulty) }
        #expect(error?.description.contains("schedules faults of its own") == true)
        let missing = #expect(throws: FleetLabError.self) { try ChaosFleet.file(folder.appendingPathComponent("none.yaml").path) }
        #expect(missing?.description.hasPrefix("--fleet-file: ") == true)
    }

    @Test("a private broker that does not start exits as an unreachable broker does; other lab errors as invalid arguments")
    func exitStatuses() {
        #expect(FleetLabError.brokerDidNotStart("no mosquitto").exitStatus == 3)
        #expect(FleetLabError.brokerDidNotStart("no mosquitto").kind == "brokerUnreachable")
        #expect(FleetLabError.unusableFleetFile("x").exitStatus == 9)
        #expect(FleetLabError.executableNotFound(role: "a fleet").kind == "invalidArgument")
    }
}

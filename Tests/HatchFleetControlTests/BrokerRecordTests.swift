import Foundation
import HatchDeviceSimulator
import HatchFleetControl
import Testing

/// The broker record that `hatchctl fleet run` writes and every other command reads, and fleet files read as one fleet.
@Suite("Broker record and fleet files")
struct BrokerRecordTests {
    private let home = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-control-tests-\(UUID().uuidString)")
    private var environment: [String: String] { ["HATCH_HOME": home.path] }

    @Test("a saved record reads back, is private, and is gone once removed")
    func roundTrip() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(try BrokerRecord.load(environment: environment) == nil)
        let record = BrokerRecord(url: "mqtts://127.0.0.1:18830", username: "hatchctl", password: "s3cret", caFile: "/ca.pem")
        try record.save(environment: environment)
        #expect(try BrokerRecord.load(environment: environment) == record)
        let attributes = try FileManager.default.attributesOfItem(atPath: BrokerRecord.fileURL(environment: environment).path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let connection = BrokerConnection(record: record)
        #expect(connection.credentials?.username == "hatchctl")
        #expect(connection.tls?.caFile == "/ca.pem")
        BrokerRecord.remove(environment: environment)
        #expect(try BrokerRecord.load(environment: environment) == nil)
    }

    @Test("an unreadable record names what is wrong, never a value (it may hold a password)")
    func unreadableRecord() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try Data(#"{"username": "hatchctl", "password": "s3cret"}"#.utf8).write(to: BrokerRecord.fileURL(environment: environment))
        let error = #expect(throws: FleetControlError.self) { try BrokerRecord.load(environment: environment) }
        #expect(error?.exitStatus == 3)
        #expect(error?.description.contains("the key 'url' is missing") == true)
        #expect(error?.description.contains("s3cret") == false)
    }

    @Test("a URL that does not parse says how to write one")
    func badURL() {
        let error = #expect(throws: FleetControlError.self) { try BrokerConnection(url: "http://nowhere").configuration(clientID: "c") }
        #expect(error?.description.contains("write mqtt://HOST:PORT") == true)
    }

    @Test("fleet files read as one fleet; a device in two files is refused")
    func fleetFiles() throws {
        let household = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("devices/household.yaml").path
        let fleets = try FleetFiles.load([household])
        let combined = try FleetFiles.combined(fleets)
        #expect(combined.devices.count == fleets[0].devices.count)
        let twice = #expect(throws: FleetControlError.self) { try FleetFiles.combined(fleets + fleets) }
        #expect(twice?.description.contains("a device may be in one only") == true)
        #expect(throws: FleetControlError.self) { try FleetFiles.combined([]) }
        #expect(throws: FleetControlError.self) { try FleetFiles.load([home.appendingPathComponent("missing.yaml").path]) }
    }
}

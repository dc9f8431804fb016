import HatchDeviceModel
import HatchFleetControl
import Testing

/// Looking a device up by name or MAC address, and the errors that list what is known.
@Suite("Device directory")
struct DeviceDirectoryTests {
    private static func device(_ name: String, _ mac: String, online: Bool? = true) throws -> KnownDevice {
        let registry = RegistryRecord(macAddress: try MacAddress(validating: mac), product: .restoreV5, name: name, hardwareVersion: "H1",
                                      firmware: "1.0")
        let presence = online.map { PresenceRecord(state: $0 ? .online : .offline, thingName: registry.thingName, timestamp: 1_767_600_000) }
        return KnownDevice(registry: registry, presence: presence)
    }

    private let directory: DeviceDirectory

    init() throws {
        directory = DeviceDirectory(devices: [
            try Self.device("Nursery", "A4:C1:38:00:11:22"),
            try Self.device("Twin", "A4:C1:38:00:11:33", online: false),
            try Self.device("twin", "A4:C1:38:00:11:44", online: nil),
        ])
    }

    @Test("a name matches case-insensitively and a MAC address in any common notation")
    func findsByNameAndMac() throws {
        #expect(try directory.device(" nursery").name == "Nursery")
        #expect(try directory.device("a4c138001122").name == "Nursery")
        #expect(try directory.device("A4-C1-38-00-11-33").name == "Twin")
    }

    @Test("an unknown device is an error that lists the known ones and exits 4")
    func unknownDeviceListsKnown() throws {
        let error = #expect(throws: FleetControlError.self) { try directory.device("Kitchen") }
        guard case .unknownDevice(let query, let known)? = error else { Issue.record("expected unknownDevice, got \(String(describing: error))"); return }
        #expect(query == "Kitchen")
        #expect(known.count == 3)
        #expect(error?.exitStatus == 4)
        #expect(error?.description.contains("Nursery (A4:C1:38:00:11:22, restoreV5)") == true)
    }

    @Test("a name shared by two devices asks for a MAC address")
    func ambiguousName() {
        let error = #expect(throws: FleetControlError.self) { try directory.device("TWIN") }
        guard case .ambiguousDevice(_, let matches)? = error else { Issue.record("expected ambiguousDevice, got \(String(describing: error))"); return }
        #expect(matches.count == 2)
        #expect(error?.description.contains("use a MAC address instead") == true)
    }

    @Test("presence says online, offline since when, or unknown")
    func presence() throws {
        #expect(try directory.device("Nursery").isOnline)
        let offline = try directory.device("A4:C1:38:00:11:33")
        #expect(!offline.isOnline)
        #expect(offline.presenceSince?.timeIntervalSince1970 == 1_767_600_000)
        let unknown = try directory.device("A4:C1:38:00:11:44")
        let overview = DeviceOverview(device: unknown, state: nil, playing: "-", playingDetail: .init(mode: "unknown"), nextAlarm: nil)
        #expect(overview.presenceText() == "unknown")
        let offlineOverview = DeviceOverview(device: offline, state: nil, playing: "-", playingDetail: .init(mode: "unknown"), nextAlarm: nil)
        #expect(offlineOverview.presenceText() == "offline since 2026-01-05T08:00:00Z")
        #expect(offlineOverview.nextAlarmText() == "-")
    }
}

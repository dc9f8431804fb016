import Foundation
import HatchDeviceModel
import HatchMosquittoBroker
import HatchMQTT
import Testing
@testable import HatchDeviceSimulator

/// The state folder: atomic, durable writes; leftovers of an interrupted write are removed; a
/// corrupt file is set aside and its device starts from the fleet file while the others load.
@Suite("State folder")
struct DeviceStateStoreTests {
    static let thing = ThingName(product: .restoreV5, macAddress: MacAddress(value: 0xA4C1_3810_0001))

    func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("hatch-state-\(UUID().uuidString)")
    }

    func device(volume: Int) -> PersistedDevice {
        var settings = DeviceSettings.factory(for: .restoreV5, timezone: "UTC")
        settings.volume = volume
        return PersistedDevice(settings: settings, shadow: ShadowDocument(reported: ["nightlightOn": true], version: 7),
                               savedAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("a save replaces the file whole and leaves no temporary file")
    func saveIsAtomic() throws {
        let directory = folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try DeviceStateStore(directory: directory)
        try store.save(device(volume: 100), for: Self.thing)
        try store.save(device(volume: 200), for: Self.thing)
        #expect(try store.load(Self.thing) == device(volume: 200))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["\(Self.thing.rawValue).json"])
    }

    @Test("a failed write keeps the previous file and leaves no temporary file")
    func failedWriteKeepsThePreviousFile() throws {
        let directory = folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try DeviceStateStore(directory: directory)
        try store.save(device(volume: 100), for: Self.thing)
        // A folder in the way of the rename: the write must fail and change nothing.
        let blocked = ThingName(rawValue: "blocked")
        try FileManager.default.createDirectory(at: store.fileURL(for: blocked).appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(throws: DeviceStateStoreError.self) { try store.save(device(volume: 300), for: blocked) }
        #expect(try store.load(Self.thing) == device(volume: 100))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)) == ["\(Self.thing.rawValue).json", "blocked.json"])
    }

    @Test("opening the folder removes temporary files of an interrupted write and keeps the real file")
    func leftoversAreRemoved() throws {
        let directory = folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try DeviceStateStore(directory: directory).save(device(volume: 100), for: Self.thing)
        let leftover = ".\(Self.thing.rawValue).json.\(UUID().uuidString).tmp"
        try Data(#"{"settings":{"vol"#.utf8).write(to: directory.appendingPathComponent(leftover))
        let store = try DeviceStateStore(directory: directory)
        #expect(store.removedTemporaryFiles == [leftover])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["\(Self.thing.rawValue).json"])
        #expect(try store.load(Self.thing) == device(volume: 100))
    }

    @Test("a corrupt file is set aside as NAME.corrupt-TIME and reported; the device starts fresh")
    func corruptFileIsSetAside() throws {
        let directory = folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try DeviceStateStore(directory: directory)
        try Data(#"{"settings": {"volume": "#.utf8).write(to: store.fileURL(for: Self.thing))
        let outcome = store.loadOrSetAside(Self.thing, now: Date(timeIntervalSince1970: 1_767_592_800))
        guard case .corrupt(let error, let aside?) = outcome else {
            Issue.record("expected a corrupt outcome, got \(outcome)")
            return
        }
        #expect(error.description.contains(store.fileURL(for: Self.thing).path))
        #expect(aside.hasSuffix("\(Self.thing.rawValue).json.corrupt-20260105T060000Z"))
        #expect(FileManager.default.fileExists(atPath: aside))
        #expect(!FileManager.default.fileExists(atPath: store.fileURL(for: Self.thing).path))
        #expect(store.loadOrSetAside(Self.thing) == .missing)
    }

    @Test("a fleet with one corrupt state file starts: that device from its fleet file, the others from their saved state")
    func fleetStartsWithACorruptFile() async throws {
        let directory = folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let definition = try FleetDefinition.load(contentsOf: FleetIntegrationTests.household)
        let store = try DeviceStateStore(directory: directory)
        let nursery = try #require(definition.devices.first { $0.profile.name == "Nursery" })
        let parents = try #require(definition.devices.first { $0.profile.name == "Parents" })
        var saved = parents.initialSettings
        saved.volume = 12345
        try store.save(PersistedDevice(settings: saved, shadow: ShadowDocument(version: 42)), for: parents.profile.thingName)
        try Data([0x00, 0xFF, 0x7B]).write(to: store.fileURL(for: nursery.profile.thingName))

        let clock = SimulationClock(mode: .manual, startTime: EngineFixtures.monday0600)
        let fleet = try Fleet(configuration: FleetConfiguration(definition: definition, broker: try MQTTBrokerURL("mqtt://127.0.0.1:1"),
                                                                clock: clock, stateDirectory: directory, controlTopics: false))
        let parentsDevice = try #require(fleet.device("Parents"))
        let nurseryDevice = try #require(fleet.device("Nursery"))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.contains { $0.hasPrefix("\(nursery.profile.thingName.rawValue).json.corrupt-") })
        #expect(await parentsDevice.settings.volume == 12345)
        #expect(await parentsDevice.shadowDocument.version == 42)
        #expect(await nurseryDevice.settings == nursery.initialSettings)
        var events = fleet.events.makeAsyncIterator()
        let event = try #require(await events.next())
        #expect(event.thing == nursery.profile.thingName)
        #expect(event.message.contains("is not a valid device state file"), "\(event.message)")
        #expect(event.message.contains("the device starts from its fleet file"), "\(event.message)")
    }
}

import Foundation
import HatchDeviceModel
import Testing
@testable import HatchDeviceSimulator

/// Named shadows (`$aws/things/{thing}/shadow/name/{shadowName}/…`): their names and topics, their
/// documents beside the classic shadow in `hatchctl shadow-service` and in the fleet's state files.
@Suite("named shadows")
struct NamedShadowTests {
    static let thing = ThingName(rawValue: "restoreV5_a4c138000001")
    static let lights = ShadowName(validating: "lights")!

    static func json(_ text: String) -> Data { Data(text.utf8) }

    static func reply(_ messages: [OutgoingMessage], on topic: String) throws -> JSONValue {
        let message = try #require(messages.first { $0.topic == topic }, "no reply on \(topic): \(messages.map(\.topic))")
        return try JSONValue(data: message.payload)
    }

    @Test("shadow names are 1 to 64 of a-z A-Z 0-9 : _ - $", arguments: [
        ("lights", true), ("a", true), ("App-State_2:x", true), ("$package", true), (String(repeating: "n", count: 64), true),
        ("", false), (String(repeating: "n", count: 65), false), ("with space", false), ("a/b", false), ("a+b", false),
        ("a#", false), ("a~b", false), ("ümlaut", false), ("..", false),
    ])
    func names(text: String, valid: Bool) {
        #expect((ShadowName(validating: text) != nil) == valid, "\(text)")
    }

    @Test("a named shadow's topics differ from the classic shadow's only in their prefix")
    func topics() {
        let classic = Topics.Shadow(Self.thing), named = Topics.Shadow(Self.thing, name: Self.lights)
        #expect(named.prefix == "$aws/things/restoreV5_a4c138000001/shadow/name/lights")
        #expect(named.get == named.prefix + "/get")
        #expect(named.updateDelta == named.prefix + "/update/delta")
        #expect(named.updateDocuments == named.prefix + "/update/documents")
        #expect(named.deleteRejected == named.prefix + "/delete/rejected")
        #expect(classic.updateDelta == "$aws/things/restoreV5_a4c138000001/shadow/update/delta")
        #expect(ShadowService.handles(named.update) && ShadowService.handles(classic.update))
        #expect(!ShadowService.handles(named.updateAccepted))
    }

    @Test("the shadow service keeps each named shadow its own document and version, beside the classic one, across a restart")
    func serviceKeepsNamedShadowsApart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("named-shadows-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = ShadowServiceConfiguration(broker: try .init("mqtt://127.0.0.1:1"), stateDirectory: folder)
        let service = try ShadowService(configuration: configuration)
        let lights = Topics.Shadow(Self.thing, name: Self.lights), classic = Topics.Shadow(Self.thing)

        let missing = await service.handle(topic: lights.get, payload: Data())
        let notFound = try Self.reply(missing, on: lights.getRejected)
        #expect(notFound["code"] == 404)
        #expect(notFound["message"] == "No shadow exists with name: 'lights'")

        // Any field an app likes: the classic shadow's schema (nightlightOn is a boolean there) does not apply.
        let update = Self.json(#"{"state":{"desired":{"nightlightOn":"soon","scene":{"hue":3}}},"clientToken":"app-1"}"#)
        let accepted = await service.handle(topic: lights.update, payload: update)
        #expect(accepted.map(\.topic) == [lights.updateAccepted, lights.updateDocuments, lights.updateDelta])
        #expect(try Self.reply(accepted, on: lights.updateAccepted)["version"] == 1)
        let refused = await service.handle(topic: classic.update, payload: Self.json(#"{"state":{"desired":{"nightlightOn":"soon"}}}"#))
        #expect(try Self.reply(refused, on: classic.updateRejected)["code"] == 400)
        #expect(await service.document(of: Self.thing) == nil, "the classic shadow is untouched")
        #expect(service.namedShadowCount == 1)
        #expect(service.thingCount == 0)

        _ = await service.handle(topic: classic.update, payload: Self.json(#"{"state":{"reported":{"connected":true}}}"#))
        _ = await service.handle(topic: classic.update, payload: Self.json(#"{"state":{"reported":{"connected":false}}}"#))
        #expect(await service.document(of: Self.thing)?.version == 2)
        #expect(await service.document(of: Self.thing, name: Self.lights)?.version == 1, "its own version")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("restoreV5_a4c138000001~lights.shadow.json").path),
                "an update with a clientToken is saved before its reply")

        // Deleted and written again, it continues its version; the classic shadow keeps its own.
        let deleted = await service.handle(topic: lights.delete, payload: Data())
        #expect(try Self.reply(deleted, on: lights.deleteAccepted)["version"] == 1)
        let again = await service.handle(topic: lights.update, payload: Self.json(#"{"state":{"reported":{"on":true}}}"#))
        #expect(try Self.reply(again, on: lights.updateAccepted)["version"] == 2)
        await service.stop()

        let restarted = try ShadowService(configuration: configuration)
        #expect(await restarted.document(of: Self.thing, name: Self.lights)?.reported == ["on": true])
        #expect(await restarted.document(of: Self.thing, name: Self.lights)?.version == 2)
        #expect(await restarted.document(of: Self.thing)?.version == 2)
        #expect(restarted.namedShadowCount == 1)
        #expect(restarted.thingCount == 1)
    }

    @Test("requests to an invalid shadow name are ignored", arguments: [
        "$aws/things/restoreV5_a4c138000001/shadow/name/\(String(repeating: "n", count: 65))/get",
        "$aws/things/restoreV5_a4c138000001/shadow/name/bad.name/update",
        "$aws/things/restoreV5_a4c138000001/shadow/name//get",
    ])
    func invalidNames(topic: String) async throws {
        let service = try ShadowService(configuration: ShadowServiceConfiguration(broker: try .init("mqtt://127.0.0.1:1")))
        #expect(await service.handle(topic: topic, payload: Self.json(#"{"state":{"reported":{"a":1}}}"#)).isEmpty)
        #expect(service.namedShadowCount == 0)
    }

    @Test("a device's state file keeps its named shadows with their versions and client tokens")
    func fleetStateFileKeepsNamedShadows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("named-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var shadows = NamedShadows()
        let update = Self.json(#"{"state":{"desired":{"mode":"calm"}},"clientToken":"app-2"}"#)
        let first = shadows.handle(.update, name: Self.lights, payload: update, timestamp: 1_767_600_000)
        #expect(first.appliedClientToken == "app-2")
        #expect(shadows.handle(.get, name: ShadowName(validating: "other")!, payload: Data(), timestamp: 1_767_600_001).rejection?["code"] == 404)
        #expect(shadows.shadows.count == 1, "a shadow that was only read does not exist")

        let store = try DeviceStateStore(directory: folder)
        let device = PersistedDevice(settings: .factory(for: .restoreV5), shadow: ShadowDocument(), namedShadows: shadows.persisted)
        try store.save(device, for: Self.thing)
        var restored = NamedShadows(restoring: try #require(try store.load(Self.thing)).namedShadows)
        #expect(restored == shadows)
        let repeated = restored.handle(.update, name: Self.lights, payload: update, timestamp: 1_767_600_100)
        #expect(repeated.repeatedClientToken == "app-2", "the repeat of an accepted update is answered, not applied")
        #expect(restored.shadows[Self.lights]?.document.version == 1)
    }
}

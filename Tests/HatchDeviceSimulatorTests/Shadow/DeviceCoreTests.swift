import Foundation
import HatchDeviceModel
import Testing
@testable import HatchDeviceSimulator

@Suite("Device core: shadow flow, records, faults, persistence (no broker)")
struct DeviceCoreTests {
    let now = EngineFixtures.monday0600

    func core(_ product: HardwareProduct = .restoreV5) -> DeviceCore {
        var settings = DeviceSettings.factory(for: product, timezone: "UTC")
        settings.routines = RecordCollection(items: [EngineFixtures.windDown])
        return DeviceCore(profile: EngineFixtures.profile(product), settings: settings, shadow: ShadowDocument(), now: now)
    }

    func messages(_ list: [OutgoingMessage], on topic: String) -> [JSONValue] {
        list.filter { $0.topic == topic }.compactMap { try? JSONValue(data: $0.payload) }
    }

    @Test func connectPublishesPresenceRegistryRecordsAndFullReport() throws {
        var device = core()
        let out = device.connected(now: now)
        let thing = device.thingName
        #expect(out.first { $0.topic == Topics.presence(thing) }?.retain == true)
        #expect(messages(out, on: Topics.presence(thing)).first?["state"] == "online")
        #expect(messages(out, on: Topics.registry(thing)).first?["product"] == "restoreV5")
        #expect(messages(out, on: device.routineTopics.document).first?["dataVersion"] == 1)
        let accepted = try #require(messages(out, on: device.shadowTopics.updateAccepted).first)
        #expect(accepted[path: ["state", "reported", "connected"]] == true)
        #expect(accepted[path: ["state", "reported", "deviceInfo", "hwVersion"]] == .string(HardwareProduct.restoreV5.defaultHardwareVersion))
        #expect(device.lastWill.retain)
        #expect(try JSONValue(data: device.lastWill.payload)["state"] == "offline")
    }

    @Test func commandIsAcceptedThenReportedOnUpdateAccepted() throws {
        var device = core()
        _ = device.connected(now: now)
        let request = DeviceAction.startRoutine(id: 7).updateRequest(for: .restoreV5, clientToken: "cmd-1")
        let out = device.receive(topic: device.shadowTopics.update, payload: request.jsonData, now: now)
        let accepted = messages(out, on: device.shadowTopics.updateAccepted)
        #expect(accepted.count == 2)
        #expect(accepted[0]["clientToken"] == "cmd-1")
        #expect(accepted[0][path: ["state", "desired", "current", "srId"]] == 7)
        #expect(accepted[1][path: ["state", "reported", "current", "srId"]] == 7)
        #expect(accepted[1][path: ["state", "reported", "current", "step"]] == 1)
        #expect(accepted[1][path: ["state", "desired"]] == .null)
        #expect(accepted[1]["version"]!.intValue! == accepted[0]["version"]!.intValue! + 1)
        #expect(messages(out, on: device.shadowTopics.updateDelta).count == 1)
        #expect(messages(out, on: device.shadowTopics.updateDocuments).count == 2)
        #expect(device.shadow.document.desired == nil)
        #expect(device.shadow.document.reported?[path: ["current", "playing"]] == "routine")
    }

    @Test func unappliableDesiredStaysInTheDelta() throws {
        var device = core(.restMini)
        _ = device.connected(now: now)
        let request = ShadowRequest.update(desired: ["current": ["color": ["id": 9999, "i": 100], "sound": ["v": 10]]])
        _ = device.receive(topic: device.shadowTopics.update, payload: request.jsonData, now: now)
        #expect(device.shadow.document.delta == ["current": ["color": ["id": 9999, "i": 100]]])
        let get = device.receive(topic: device.shadowTopics.get, payload: Data("{}".utf8), now: now)
        #expect(messages(get, on: device.shadowTopics.getAccepted).first?[path: ["state", "delta"]] == ["current": ["color": ["id": 9999, "i": 100]]])
    }

    @Test func devicesWithTheSameSettingsShareOneShapeAndKeepOnlyTheirValues() throws {
        var first = core(), second = core()
        _ = first.connected(now: now)
        _ = second.connected(now: now)
        let firstDocument = first.shadow.document, secondDocument = second.shadow.document
        #expect(firstDocument == secondDocument)
        let shape = try #require(firstDocument.reportedStore.shape)
        #expect(shape === secondDocument.reportedStore.shape)

        // The first device starts a routine a minute later: its values and their timestamps change,
        // the second device's document stays exactly as it was, and both keep the shared shape.
        let later = now.addingTimeInterval(60)
        let request = DeviceAction.startRoutine(id: 7).updateRequest(for: .restoreV5, clientToken: "cmd-1")
        _ = first.receive(topic: first.shadowTopics.update, payload: request.jsonData, now: later)
        #expect(first.shadow.document.reported?[path: ["current", "srId"]] == 7)
        #expect(second.shadow.document == secondDocument)
        #expect(second.shadow.document.reported?[path: ["current", "playing"]] == "none")
        #expect(first.shadow.document.reportedStore.shape === shape)
        let stamped = try #require(first.shadow.document.reportedMetadata?[path: ["current", "srId", "timestamp"]]?.intValue)
        #expect(stamped == DeviceEngine.epoch(later))
        #expect(second.shadow.document.reportedMetadata?[path: ["current", "srId", "timestamp"]]?.intValue == DeviceEngine.epoch(now))

        // Both documents still encode as their trees do (the get lets the second device's minute pass first).
        let get = second.receive(topic: second.shadowTopics.get, payload: Data("{}".utf8), now: later)
        let reply = try #require(messages(get, on: second.shadowTopics.getAccepted).first)
        #expect(reply[path: ["state", "reported"]] == second.shadow.document.reported)
        #expect(reply[path: ["metadata", "reported"]] == second.shadow.document.reportedMetadata)
    }

    @Test func routineProgressIsReportedOnTick() throws {
        var device = core()
        _ = device.connected(now: now)
        _ = device.receive(topic: device.shadowTopics.update, payload: DeviceAction.startRoutine(id: 7).updateRequest(for: .restoreV5).jsonData, now: now)
        let out = device.tick(now: now.addingTimeInterval(600))
        let report = try #require(messages(out, on: device.shadowTopics.updateAccepted).last)
        #expect(report[path: ["state", "reported", "current", "step"]] == 2)
    }

    @Test func recordRequestsReplyAndRepublishRetained() throws {
        var device = core()
        _ = device.connected(now: now)
        let alarm = Alarm(id: 0, name: "School", daysOfWeek: .weekdays, wakeTime: EngineFixtures.time("06:45"))
        let request = RecordRequest<Alarm>(op: .create, item: alarm, clientToken: "a1", dataVersion: 1)
        let out = device.receive(topic: device.alarmTopics.request, payload: request.jsonValue.jsonData, now: now)
        let reply = try #require(messages(out, on: device.alarmTopics.accepted).first)
        #expect(reply["clientToken"] == "a1")
        #expect(reply["dataVersion"] == 2)
        #expect(reply["op"] == "create")
        #expect(reply["id"] == 1, "a create with id 0 learns the id the device chose")
        let second = RecordRequest<Alarm>(op: .create, item: Alarm(id: 0, name: "Weekend", daysOfWeek: .weekdays,
                                                                   wakeTime: EngineFixtures.time("08:00")))
        let secondReply = messages(device.receive(topic: device.alarmTopics.request, payload: second.jsonValue.jsonData, now: now),
                                   on: device.alarmTopics.accepted).first
        #expect(secondReply?["id"] == 2)
        let removal = RecordRequest<Alarm>(op: .delete, id: 1)
        let removalReply = messages(device.receive(topic: device.alarmTopics.request, payload: removal.jsonValue.jsonData, now: now),
                                    on: device.alarmTopics.accepted).first
        #expect(removalReply?["id"] == 1)
        #expect(removalReply?["op"] == "delete")
        let document = try #require(out.first { $0.topic == device.alarmTopics.document })
        #expect(document.retain)
        #expect(try JSONValue(data: document.payload)["alarms"]?.arrayValue?.count == 1)
        // Another request that still expects data version 1 (the same request again would be a repeat, answered as accepted).
        let staleRequest = RecordRequest<Alarm>(op: .create, item: alarm, clientToken: "a2", dataVersion: 1)
        let stale = device.receive(topic: device.alarmTopics.request, payload: staleRequest.jsonValue.jsonData, now: now)
        #expect(messages(stale, on: device.alarmTopics.rejected).first?["code"] == 409)
        let garbage = device.receive(topic: device.routineTopics.request, payload: Data("nope".utf8), now: now)
        #expect(messages(garbage, on: device.routineTopics.rejected).first?["code"] == 400)
    }

    @Test func rejectUpdatesFaultAnswers503ThenRecovers() {
        var device = core()
        _ = device.connected(now: now)
        device.applyFault(.rejectUpdates(count: 2), realNow: Date())
        let payload = ShadowRequest.update(desired: ["nightlightOn": true], clientToken: "f").jsonData
        for _ in 0..<2 {
            let out = device.receive(topic: device.shadowTopics.update, payload: payload, now: now)
            #expect(messages(out, on: device.shadowTopics.updateRejected).first?["code"] == 503)
            #expect(messages(out, on: device.shadowTopics.updateRejected).first?["clientToken"] == "f")
        }
        let out = device.receive(topic: device.shadowTopics.update, payload: payload, now: now)
        #expect(messages(out, on: device.shadowTopics.updateAccepted).count == 2)
    }

    @Test func dropCommandsFaultDropsEverythingAtShareOne() {
        var device = core()
        _ = device.connected(now: now)
        device.applyFault(.dropCommands(share: 1, seconds: 0), realNow: Date())
        #expect(device.receive(topic: device.shadowTopics.get, payload: Data(), now: now).isEmpty)
        device.applyFault(.clear, realNow: Date())
        #expect(!device.receive(topic: device.shadowTopics.get, payload: Data(), now: now).isEmpty)
    }

    @Test func desiredSetWhileAwayIsAppliedOnConnect() {
        var shadow = DeviceShadow()
        _ = shadow.apply(desired: ["nightlightOn": true], reported: ["nightlightOn": false], timestamp: 1, token: nil)
        var device = DeviceCore(profile: EngineFixtures.profile(.restoreV5), settings: .factory(for: .restoreV5, timezone: "UTC"),
                                shadow: shadow.document, now: now)
        _ = device.connected(now: now)
        #expect(device.engine.state.nightlightOn == true)
        #expect(device.shadow.document.desired == nil)
    }

    @Test func stateStoreRoundTripsAtomically() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-sim-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try DeviceStateStore(directory: folder)
        var device = core()
        _ = device.connected(now: now)
        _ = device.receive(topic: device.shadowTopics.update, payload: DeviceAction.setVolume(4321).updateRequest(for: .restoreV5).jsonData, now: now)
        let snapshot = PersistedDevice(settings: device.engine.settings, shadow: device.shadow.document, savedAt: Date(timeIntervalSince1970: 5))
        try store.save(snapshot, for: device.thingName)
        #expect(try store.load(device.thingName) == snapshot)
        #expect(try store.load(ThingName(rawValue: "unknown")) == nil)
        try Data("garbage".utf8).write(to: store.fileURL(for: ThingName(rawValue: "bad")))
        #expect(throws: DeviceStateStoreError.self) { try store.load(ThingName(rawValue: "bad")) }
    }

    @Test func reportAfterSomeoneElseWroteReportedRestoresTheDeviceState() throws {
        var device = core()
        _ = device.connected(now: now)
        let forged = ShadowRequest.update(reported: ["current": ["srId": 99], "rssi": -10, "forged": true])
        _ = device.receive(topic: device.shadowTopics.update, payload: forged.jsonData, now: now)
        #expect(device.shadow.document.reported?["forged"] == true)
        // The device's next report compares its whole state with what is stored, not with its last report.
        let volume = ShadowRequest.update(desired: ["current": ["sound": ["v": 1234]]])
        _ = device.receive(topic: device.shadowTopics.update, payload: volume.jsonData, now: now)
        let reported = try #require(device.shadow.document.reported)
        #expect(reported["forged"] == nil)
        #expect(reported[path: ["current", "srId"]] == 0)
        #expect(reported["rssi"] == .int(device.engine.state.rssi))
        #expect(reported[path: ["current", "sound", "v"]] == 1234)
    }

    @Test func devicesWithTheSameRecordsPublishTheSameDocument() throws {
        let first = core(), second = core(.restoreV4)
        #expect(first.recordsMessage(.routines).payload == second.recordsMessage(.routines).payload)
        let document = try JSONValue(data: first.recordsMessage(.routines).payload)
        #expect(document["dataVersion"] == 1)
        #expect(document["routines"]?.arrayValue?.first?["name"] == "Wind down")
        var settings = DeviceSettings.factory(for: .restoreV5, timezone: "UTC")
        settings.routines = RecordCollection(items: [EngineFixtures.windDown, Routine(id: 8, name: "Nap / quiet", steps: [])])
        let other = DeviceCore(profile: EngineFixtures.profile(.restoreV5), settings: settings, shadow: ShadowDocument(), now: now)
        let names = try JSONValue(data: other.recordsMessage(.routines).payload)["routines"]?.arrayValue?.map { $0["name"] }
        #expect(names == ["Wind down", "Nap / quiet"])
    }
}

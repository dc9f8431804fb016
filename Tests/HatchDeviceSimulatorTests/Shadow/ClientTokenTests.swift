import Foundation
import HatchDeviceModel
import Testing
@testable import HatchDeviceSimulator

@Suite("Client tokens: a repeated request is answered again but applied once")
struct ClientTokenTests {
    let now = EngineFixtures.monday0600
    let realNow = Date(timeIntervalSince1970: 1_800_000_000)

    func core(_ product: HardwareProduct = .restoreV5) -> DeviceCore {
        var settings = DeviceSettings.factory(for: product, timezone: "UTC")
        settings.routines = RecordCollection(items: [EngineFixtures.windDown])
        var device = DeviceCore(profile: EngineFixtures.profile(product), settings: settings, shadow: ShadowDocument(), now: now)
        _ = device.connected(now: now)
        return device
    }

    func messages(_ list: [OutgoingMessage], on topic: String) -> [JSONValue] {
        list.filter { $0.topic == topic }.compactMap { try? JSONValue(data: $0.payload) }
    }

    @Test func repeatedShadowUpdateGetsTheSameAcceptedReplyAndNoSecondVersionOrDelta() throws {
        var device = core()
        let request = ShadowRequest.update(desired: ["snoozeDuration": 420], clientToken: "once-1").jsonData
        let first = device.receive(topic: device.shadowTopics.update, payload: request, now: now, realNow: realNow)
        #expect(device.lastClientRequest == ClientRequest(kind: .shadowUpdate, clientToken: "once-1", repeated: false))
        #expect(device.needsSave)
        let firstAccepted = try #require(messages(first, on: device.shadowTopics.updateAccepted).first)
        #expect(messages(first, on: device.shadowTopics.updateDelta).count == 1)
        let version = device.shadow.document.version

        // The device changes the setting back by itself (as a later command would); the repeat must not undo that.
        _ = device.receive(topic: device.shadowTopics.update, payload: ShadowRequest.update(desired: ["snoozeDuration": 300]).jsonData,
                           now: now, realNow: realNow)
        #expect(device.engine.settings.snoozeDuration == 300)
        let versionBefore = device.shadow.document.version
        #expect(versionBefore > version)

        let again = device.receive(topic: device.shadowTopics.update, payload: request, now: now.addingTimeInterval(30),
                                   realNow: realNow.addingTimeInterval(30))
        #expect(device.lastClientRequest == ClientRequest(kind: .shadowUpdate, clientToken: "once-1", repeated: true))
        #expect(again.map(\.topic) == [device.shadowTopics.updateAccepted])
        #expect(try #require(messages(again, on: device.shadowTopics.updateAccepted).first) == firstAccepted)
        #expect(device.shadow.document.version == versionBefore)
        #expect(device.engine.settings.snoozeDuration == 300)
    }

    @Test func aRepeatWithAnExpectedVersionIsNotAVersionConflict() throws {
        var device = core()
        let version = device.shadow.document.version
        let request = ShadowRequest.update(desired: ["nightlightOn": true], clientToken: "v-1", version: version).jsonData
        _ = device.receive(topic: device.shadowTopics.update, payload: request, now: now, realNow: realNow)
        let again = device.receive(topic: device.shadowTopics.update, payload: request, now: now, realNow: realNow)
        #expect(messages(again, on: device.shadowTopics.updateRejected).isEmpty)
        #expect(messages(again, on: device.shadowTopics.updateAccepted).first?["version"] == .int(version + 1))
    }

    @Test func aTokenIsForgottenAfterTenMinutesOfRealTime() {
        var device = core()
        let request = ShadowRequest.update(desired: ["snoozeDuration": 420], clientToken: "late").jsonData
        _ = device.receive(topic: device.shadowTopics.update, payload: request, now: now, realNow: realNow)
        let version = device.shadow.document.version
        _ = device.receive(topic: device.shadowTopics.update, payload: request, now: now, realNow: realNow.addingTimeInterval(599))
        #expect(device.shadow.document.version == version)
        _ = device.receive(topic: device.shadowTopics.update, payload: request, now: now, realNow: realNow.addingTimeInterval(601))
        #expect(device.lastClientRequest?.repeated == false)
        #expect(device.shadow.document.version == version + 1)
    }

    @Test func theWindowKeepsTheLast64Tokens() {
        var window = ClientTokenWindow<AcceptedUpdate>()
        for index in 0..<100 { window.remember("t\(index)", reply: AcceptedUpdate(version: index, timestamp: 0), now: realNow) }
        #expect(window.entries.count == 64)
        #expect(window.reply(for: "t35", now: realNow) == nil)
        #expect(window.reply(for: "t36", now: realNow) == AcceptedUpdate(version: 36, timestamp: 0))
        #expect(window.reply(for: "t99", now: realNow)?.version == 99)
    }

    @Test func rejectedUpdatesAreNotRemembered() {
        var device = core()
        let bad = ShadowRequest.update(desired: ["snoozeDuration": 5], clientToken: "bad").jsonData
        let out = device.receive(topic: device.shadowTopics.update, payload: bad, now: now, realNow: realNow)
        #expect(messages(out, on: device.shadowTopics.updateRejected).first?["code"] == 400)
        #expect(device.lastClientRequest == nil)
        #expect(device.shadow.recentUpdates.entries.isEmpty)
    }

    @Test func updatesAnsweredWhileOfflineAreRememberedToo() {
        var device = core()
        _ = device.disconnecting(reason: "shutdown", now: now)
        let request = ShadowRequest.update(desired: ["snoozeDuration": 900], clientToken: "away").jsonData
        _ = device.receiveWhileOffline(topic: device.shadowTopics.update, payload: request, now: now, realNow: realNow)
        let version = device.shadow.document.version
        _ = device.connected(now: now)
        #expect(device.engine.settings.snoozeDuration == 900)
        let afterConnect = device.shadow.document.version
        // The broker now delivers the same request, kept for the device's persistent session.
        let out = device.receive(topic: device.shadowTopics.update, payload: request, now: now, realNow: realNow)
        #expect(device.lastClientRequest?.repeated == true)
        #expect(messages(out, on: device.shadowTopics.updateAccepted).first?["version"] == .int(version))
        #expect(device.shadow.document.version == afterConnect)
    }

    @Test func repeatedRoutineRequestIsAnsweredWithTheSameDataVersionAndAppliedOnce() throws {
        var device = core()
        let routine = Routine(id: 0, name: "Nap", type: .flex, steps: [RoutineStep(duration: 60)])
        let request = RecordRequest<Routine>(op: .create, item: routine, clientToken: "r-1").jsonValue.jsonData
        let first = device.receive(topic: device.routineTopics.request, payload: request, now: now, realNow: realNow)
        let accepted = try #require(messages(first, on: device.routineTopics.accepted).first)
        #expect(accepted["dataVersion"] == 2)
        #expect(device.engine.settings.routines.items.count == 2)
        #expect(device.lastClientRequest == ClientRequest(kind: .routines, clientToken: "r-1", repeated: false))

        let again = device.receive(topic: device.routineTopics.request, payload: request, now: now.addingTimeInterval(5), realNow: realNow)
        #expect(again.map(\.topic) == [device.routineTopics.accepted])
        #expect(try #require(messages(again, on: device.routineTopics.accepted).first) == accepted)
        #expect(device.engine.settings.routines.items.count == 2)
        #expect(device.engine.settings.routines.dataVersion == 2)
        #expect(device.lastClientRequest == ClientRequest(kind: .routines, clientToken: "r-1", repeated: true))
    }

    @Test func repeatedAlarmRequestIsAppliedOnce() throws {
        var device = core()
        let alarm = try Alarm(id: 0, name: "Work", enabled: true, daysOfWeek: DaysOfWeek(rawValue: 62), wakeTime: TimeOfDay(hour: 6, minute: 30))
        let request = RecordRequest<Alarm>(op: .create, item: alarm, clientToken: "a-1").jsonValue.jsonData
        _ = device.receive(topic: device.alarmTopics.request, payload: request, now: now, realNow: realNow)
        _ = device.receive(topic: device.alarmTopics.request, payload: request, now: now, realNow: realNow)
        #expect(device.engine.settings.alarms.items.count == 1)
        // The same token on the routine topic is another request.
        #expect(device.recentRoutineRequests.entries.isEmpty)
    }

    @Test func tokensSurviveTheStateFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-tokens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try DeviceStateStore(directory: folder)
        var device = core()
        let request = ShadowRequest.update(desired: ["snoozeDuration": 600], clientToken: "kept").jsonData
        _ = device.receive(topic: device.shadowTopics.update, payload: request, now: now, realNow: Date())
        try store.save(device.persisted, for: device.thingName)
        let saved = try #require(try store.load(device.thingName))
        var restored = DeviceCore(profile: EngineFixtures.profile(.restoreV5), restoring: saved, now: now)
        _ = restored.connected(now: now)
        let version = restored.shadow.document.version
        _ = restored.receive(topic: restored.shadowTopics.update, payload: request, now: now, realNow: Date())
        #expect(restored.lastClientRequest?.repeated == true)
        #expect(restored.shadow.document.version == version)
        #expect(restored.engine.settings.snoozeDuration == 600)
    }
}

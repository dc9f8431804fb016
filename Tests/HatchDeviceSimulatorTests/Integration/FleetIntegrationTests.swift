import Foundation
import HatchDeviceModel
import HatchMosquittoBroker
import HatchMQTT
import Testing
@testable import HatchDeviceSimulator

/// The fleet over a real mosquitto, observed and driven with the mosquitto command-line clients.
@Suite("Fleet over a real mosquitto", .serialized)
struct FleetIntegrationTests {
    static let household = FleetFileTests.devicesFolder.appendingPathComponent("household.yaml")

    func makeFleet(broker: MosquittoBroker, stateDirectory: URL?) throws -> Fleet {
        let definition = try FleetDefinition.load(contentsOf: Self.household)
        let clock = SimulationClock(mode: .manual, startTime: EngineFixtures.monday0600)
        return try Fleet(configuration: FleetConfiguration(definition: definition, broker: try MQTTBrokerURL(broker.url), clock: clock,
                                                           stateDirectory: stateDirectory, controlTopics: false))
    }

    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("hatch-fleet-\(UUID().uuidString)")
    }

    @Test func rawClientDrivesTheShadowProtocol() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let fleet = try makeFleet(broker: broker, stateDirectory: nil)
        try await fleet.start()
        let nursery = try #require(fleet.device("Nursery"))
        let shadow = Topics.Shadow(nursery.thingName)
        let subscriber = try RawSubscriber(port: broker.port, topics: [shadow.updateAccepted, shadow.updateDelta, shadow.updateRejected, shadow.getAccepted],
                                           count: 6)
        try await subscriber.waitUntilSubscribed()
        try rawPublish(port: broker.port, topic: shadow.update, payload: #"{"state":{"desired":{"current":{"srId":1,"step":1,"playing":"routine","paused":false}}},"clientToken":"raw-1"}"#)
        try rawPublish(port: broker.port, topic: shadow.update, payload: "{oops")
        try rawPublish(port: broker.port, topic: shadow.update, payload: #"{"state":{"desired":{"nightlightOn":true}},"version":1,"clientToken":"stale"}"#)
        try rawPublish(port: broker.port, topic: shadow.get, payload: #"{"clientToken":"raw-get"}"#)
        let messages = try await subscriber.messages()
        await fleet.stop()
        #expect(messages.count == 6, "\(subscriber.transcript)")

        let accepted = messages.filter { $0.topic == shadow.updateAccepted }.map(\.payload)
        #expect(accepted.count == 2)
        #expect(accepted.first?["clientToken"] == "raw-1")
        #expect(accepted.first?[path: ["state", "desired", "current", "srId"]] == 1)
        #expect(accepted.last?[path: ["state", "reported", "current", "playing"]] == "routine")
        #expect(accepted.last?[path: ["state", "reported", "current", "step"]] == 1)
        #expect(messages.first { $0.topic == shadow.updateDelta }?.payload[path: ["state", "current", "srId"]] == 1)
        let rejected = messages.filter { $0.topic == shadow.updateRejected }.map(\.payload)
        #expect(rejected.first?["code"] == 400)
        #expect(rejected.last?["code"] == 409)
        #expect(rejected.last?["clientToken"] == "stale")
        let get = try #require(messages.first { $0.topic == shadow.getAccepted }?.payload)
        #expect(get["clientToken"] == "raw-get")
        #expect(get[path: ["state", "reported", "current", "srId"]] == 1)
        #expect(get[path: ["state", "reported", "clock", "i"]] == .int(2000 << 16 | 40000))
    }

    @Test func shadowAnswersWhileTheDeviceIsAwayAndTheDeviceCatchesUp() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let fleet = try makeFleet(broker: broker, stateDirectory: nil)
        try await fleet.start()
        let nursery = try #require(fleet.device("Nursery"))
        let shadow = Topics.Shadow(nursery.thingName)
        // Away long enough that the replies below arrive before it is back, even on a busy machine.
        await fleet.inject(FaultInjection(kind: .offline(seconds: 10), target: .devices(["Nursery"])))
        #expect(await nursery.isOnline == false)
        let subscriber = try RawSubscriber(port: broker.port, topics: [shadow.updateAccepted, shadow.getAccepted], count: 2)
        try await subscriber.waitUntilSubscribed()
        try rawPublish(port: broker.port, topic: shadow.update, payload: #"{"state":{"desired":{"current":{"sound":{"v":1234}}}},"clientToken":"away-1"}"#)
        try rawPublish(port: broker.port, topic: shadow.get, payload: #"{"clientToken":"away-get"}"#)
        let replies = try await subscriber.messages()
        let accepted = try #require(replies.first { $0.topic == shadow.updateAccepted }?.payload, "\(subscriber.transcript)")
        #expect(accepted["clientToken"] == "away-1")
        #expect(accepted[path: ["state", "desired", "current", "sound", "v"]] == 1234)
        let get = try #require(replies.first { $0.topic == shadow.getAccepted }?.payload)
        #expect(get[path: ["state", "delta", "current", "sound", "v"]] == 1234)
        #expect(await nursery.isOnline == false, "answered by the fleet's shadow service, not the device")

        var online = false
        for _ in 0..<250 where !online {
            try await Task.sleep(for: .milliseconds(100))
            online = await nursery.isOnline
        }
        #expect(online)
        #expect(await nursery.reportedState.current.sound.v == 1234, "the device applied the delta when it came back")
        await fleet.stop()
    }

    @Test func abruptDisconnectPublishesOfflineThroughTheLastWill() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let fleet = try makeFleet(broker: broker, stateDirectory: nil)
        try await fleet.start()
        let rest = try #require(fleet.device("Kids room Rest+"))
        let subscriber = try RawSubscriber(port: broker.port, topics: [Topics.presence(rest.thingName)], count: 2)
        try await subscriber.waitUntilSubscribed()
        await fleet.inject(FaultInjection(kind: .offline(seconds: 3600), target: .devices([rest.thingName.rawValue])))
        let messages = try await subscriber.messages()
        await fleet.stop()
        #expect(messages.map { $0.payload["state"] } == ["online", "offline"])
        #expect(messages.last?.payload["reason"] == "connectionLost")
    }

    @Test func cleanStopPublishesOfflineWithReasonShutdown() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let fleet = try makeFleet(broker: broker, stateDirectory: nil)
        try await fleet.start()
        #expect(fleet.status().online == 4)
        let mini = try #require(fleet.device("Travel Rest Mini"))
        await fleet.stop()
        #expect(fleet.status().online == 0)
        let subscriber = try RawSubscriber(port: broker.port, topics: [Topics.presence(mini.thingName), Topics.registry(mini.thingName)], count: 2)
        let messages = try await subscriber.messages()
        let presence = try #require(messages.first { $0.topic == Topics.presence(mini.thingName) }?.payload, "\(subscriber.transcript)")
        #expect(presence["state"] == "offline")
        #expect(presence["reason"] == "shutdown")
        #expect(messages.first { $0.topic == Topics.registry(mini.thingName) }?.payload["product"] == "restMini")
    }

    @Test func fleetRestartKeepsSettings() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }

        let first = try makeFleet(broker: broker, stateDirectory: folder)
        try await first.start()
        let parents = try #require(first.device("Parents"))
        let shadow = Topics.Shadow(parents.thingName)
        let alarms = Topics.alarms(parents.thingName)
        let subscriber = try RawSubscriber(port: broker.port, topics: [shadow.updateAccepted, alarms.accepted], count: 3)
        try await subscriber.waitUntilSubscribed()
        try rawPublish(port: broker.port, topic: shadow.update, payload: #"{"state":{"desired":{"current":{"sound":{"v":1234}},"toddlerLock":{"turnOnMode":"always"}}}}"#)
        try rawPublish(port: broker.port, topic: alarms.request,
                       payload: #"{"op":"create","clientToken":"new-alarm","alarm":{"name":"Gym","daysOfWeek":65,"wakeTime":"07:15"}}"#)
        let replies = try await subscriber.messages()
        #expect(replies.first { $0.topic == alarms.accepted }?.payload["dataVersion"] == 2)
        let version = await parents.settings.alarms.dataVersion
        #expect(version == 2)
        await first.stop()

        let second = try makeFleet(broker: broker, stateDirectory: folder)
        let restarted = try #require(second.device("Parents"))
        let settings = await restarted.settings
        #expect(settings.volume == 1234)
        #expect(settings.toddlerLock?.turnOnMode == .always)
        #expect(settings.alarms.dataVersion == 2)
        #expect(settings.alarms.items.map(\.name) == ["Work days", "Flight", "Gym"])
        try await second.start()
        let retained = try RawSubscriber(port: broker.port, topics: [alarms.document], count: 1)
        let document = try await retained.messages()
        #expect(document.first?.payload["dataVersion"] == 2)
        #expect(document.first?.payload["alarms"]?.arrayValue?.count == 3)
        let state = await restarted.reportedState
        #expect(state.toddlerLockOn == true)
        await second.stop()
    }

    @Test func namedShadowsAreAnsweredBesideTheClassicShadowAndKeptAcrossARestart() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }

        let first = try makeFleet(broker: broker, stateDirectory: folder)
        try await first.start()
        let nursery = try #require(first.device("Nursery"))
        let lights = Topics.Shadow(nursery.thingName, name: ShadowName(validating: "lights")!)
        let subscriber = try RawSubscriber(port: broker.port, topics: [lights.updateAccepted, lights.updateDelta, lights.getAccepted], count: 3)
        try await subscriber.waitUntilSubscribed()
        // Without a clientToken: saved all the same.
        try rawPublish(port: broker.port, topic: lights.update, payload: #"{"state":{"desired":{"scene":"calm","nightlightOn":"dim"}}}"#)
        try rawPublish(port: broker.port, topic: lights.get, payload: #"{"clientToken":"named-get"}"#)
        let messages = try await subscriber.messages()
        #expect(messages.first { $0.topic == lights.updateAccepted }?.payload["version"] == 1, "\(subscriber.transcript)")
        #expect(messages.first { $0.topic == lights.updateDelta }?.payload[path: ["state", "scene"]] == "calm")
        let get = try #require(messages.first { $0.topic == lights.getAccepted }?.payload)
        #expect(get["clientToken"] == "named-get")
        #expect(get[path: ["state", "desired", "nightlightOn"]] == "dim", "any field an app likes, whatever the classic schema says")
        let classic = await nursery.shadowDocument
        #expect(classic.desired?["scene"] == nil, "the classic shadow is untouched")
        await first.stop()

        let second = try makeFleet(broker: broker, stateDirectory: folder)
        try await second.start()
        let again = try RawSubscriber(port: broker.port, topics: [lights.getAccepted], count: 1)
        try await again.waitUntilSubscribed()
        try rawPublish(port: broker.port, topic: lights.get, payload: "{}")
        let document = try #require(try await again.messages().first?.payload)
        #expect(document["version"] == 1)
        #expect(document[path: ["state", "desired", "scene"]] == "calm")
        await second.stop()
    }

    @Test func rebootReloadsFlashAndUpdatesLastReset() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fleet = try makeFleet(broker: broker, stateDirectory: folder)
        try await fleet.start()
        let nursery = try #require(fleet.device("Nursery"))
        // online (retained), offline (the last will), offline with the time (the fleet's lifecycle record), online again.
        let presence = try RawSubscriber(port: broker.port, topics: [Topics.presence(nursery.thingName)], count: 4)
        try await presence.waitUntilSubscribed()
        await fleet.inject(FaultInjection(kind: .reboot, target: .devices(["Nursery"])))
        let records = try await presence.messages().map(\.payload)
        #expect(records.map { $0["state"] } == ["online", "offline", "offline", "online"], "\(presence.transcript)")
        #expect(records[2]["timestamp"] == .int(Int(EngineFixtures.monday0600.timeIntervalSince1970)))
        let state = await nursery.reportedState
        #expect(state.lastReset == "SoftwareReset")
        #expect(state.connected)
        await fleet.stop()
    }

    @Test func devicesReconnectAfterTheBrokerRestarts() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let fleet = try makeFleet(broker: broker, stateDirectory: nil)
        try await fleet.start()
        broker.kill()
        try await broker.restart()
        // Devices retry every two seconds; wait (bounded) until all four are back.
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while ContinuousClock.now < deadline {
            let allOnline = await fleet.devices.asyncAllOnline()
            if allOnline && fleet.status().online == 4 { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        let nursery = try #require(fleet.device("Nursery"))
        let presence = try RawSubscriber(port: broker.port, topics: [Topics.presence(nursery.thingName)], count: 1)
        try await presence.waitUntilSubscribed()
        let messages = try await presence.messages()
        #expect(messages.first?.payload["state"] == "online", "\(presence.transcript)")
        #expect(await nursery.isOnline)
        await fleet.stop()
    }
}

extension Array where Element == SimulatedDevice {
    /// Whether every device is connected now.
    func asyncAllOnline() async -> Bool {
        for device in self where !(await device.isOnline) { return false }
        return true
    }
}

import Foundation
import HatchDeviceModel
import Testing
@testable import HatchDeviceSimulator

/// The two roles apart without a broker: a ``FirmwareCore`` and a ``ShadowService`` passing messages
/// to each other as the broker would, against a ``DeviceCore`` given the same requests. The
/// documents and the replies to the app must come out the same.
@Suite("Firmware and shadow service apart answer like the fused device (no broker)")
struct SplitRolesTests {
    let now = EngineFixtures.monday0600

    /// A firmware, a shadow service and the wire between them (what the broker would deliver).
    struct Split {
        var firmware: FirmwareCore
        let service: ShadowService
        /// Every message on the wire, in order.
        var wire: [OutgoingMessage] = []
        /// The messages the firmware published.
        var fromFirmware: [OutgoingMessage] = []

        /// Delivers `messages` (the firmware's when `firmwareSent`) as the broker would: requests to
        /// the service, its replies the firmware subscribes to back to the firmware, until nothing more is said.
        mutating func deliver(_ messages: [OutgoingMessage], firmwareSent: Bool = false, now: Date) async {
            var pending = messages.map { ($0, firmwareSent) }
            let subscribed = Set(firmware.subscriptions)
            while !pending.isEmpty {
                let (message, sentByFirmware) = pending.removeFirst()
                wire.append(message)
                if sentByFirmware { fromFirmware.append(message) }
                if ShadowService.handles(message.topic) {
                    pending += await service.handle(topic: message.topic, payload: message.payload).map { ($0, false) }
                } else if subscribed.contains(message.topic) {
                    pending += firmware.receive(topic: message.topic, payload: message.payload, now: now).map { ($0, true) }
                }
            }
        }
    }

    func split(_ product: HardwareProduct = .restoreV5) throws -> Split {
        var settings = DeviceSettings.factory(for: product, timezone: "UTC")
        settings.routines = RecordCollection(items: [EngineFixtures.windDown])
        let firmware = FirmwareCore(profile: EngineFixtures.profile(product), settings: settings, knownShadow: ShadowDocument(), now: now)
        let service = try ShadowService(configuration: ShadowServiceConfiguration(broker: try .init("mqtt://127.0.0.1:1"), now: { EngineFixtures.monday0600 }))
        return Split(firmware: firmware, service: service)
    }

    func fused(_ product: HardwareProduct = .restoreV5) -> DeviceCore {
        var settings = DeviceSettings.factory(for: product, timezone: "UTC")
        settings.routines = RecordCollection(items: [EngineFixtures.windDown])
        return DeviceCore(profile: EngineFixtures.profile(product), settings: settings, shadow: ShadowDocument(), now: now)
    }

    @Test("the firmware publishes only FirmwareTopics.publishes and subscribes exactly FirmwareTopics.subscribes")
    func firmwareStaysInsideItsTopics() async throws {
        var split = try split()
        let topics = FirmwareTopics(split.firmware.firmware.thingName)
        #expect(split.firmware.subscriptions == topics.subscribes)
        await split.deliver(split.firmware.connected(now: now), firmwareSent: true, now: now)
        let request = DeviceAction.startRoutine(id: 7).updateRequest(for: .restoreV5, clientToken: "cmd-1")
        let shadow = Topics.Shadow(split.firmware.firmware.thingName)
        await split.deliver([OutgoingMessage(topic: shadow.update, payload: request.jsonData, kind: .shadowUpdate)], now: now)
        #expect(split.fromFirmware.count > 5)
        for message in split.fromFirmware {
            #expect(topics.publishes.contains(message.topic), "the firmware published on \(message.topic)")
        }
        #expect(split.wire.contains { $0.topic == shadow.updateDelta }, "the service sent the delta")
        #expect(split.firmware.firmware.engine.state.current.playing == .routine)
    }

    @Test("a command, a get, a record request and a delete leave the same document and the same app replies")
    func sameAsFused() async throws {
        var split = try split()
        var device = fused()
        let thing = device.thingName
        let shadow = Topics.Shadow(thing)
        _ = device.connected(now: now)
        await split.deliver(split.firmware.connected(now: now), firmwareSent: true, now: now)

        let requests: [(String, Data)] = [
            (shadow.update, DeviceAction.startRoutine(id: 7).updateRequest(for: .restoreV5, clientToken: "cmd-1").jsonData),
            (shadow.update, DeviceAction.setVolume(20000).updateRequest(for: .restoreV5, clientToken: "cmd-2").jsonData),
            (shadow.update, DeviceAction.setVolume(20000).updateRequest(for: .restoreV5, clientToken: "cmd-2").jsonData),
            (shadow.update, Data(#"{"state":{"desired":{"current":{"sound":{"v":"loud"}}}},"clientToken":"bad"}"#.utf8)),
            (shadow.get, Data(#"{"clientToken":"read"}"#.utf8)),
        ]
        for (topic, payload) in requests {
            let fusedReplies = device.receive(topic: topic, payload: payload, now: now)
            let start = split.wire.count
            await split.deliver([OutgoingMessage(topic: topic, payload: payload, kind: .shadowUpdate)], now: now)
            let splitReplies = split.wire[start...].filter { $0.topic != topic }
            let token = try JSONValue(data: payload)["clientToken"]
            func appReplies(_ list: [OutgoingMessage]) -> [String] {
                list.filter { (try? JSONValue(data: $0.payload))?["clientToken"] == token && $0.topic != shadow.update }.map(\.topic)
            }
            #expect(appReplies(fusedReplies) == appReplies(Array(splitReplies)), "replies to \(String(decoding: payload, as: UTF8.self))")
        }
        let served = try #require(await split.service.document(of: thing))
        #expect(served.reported == device.shadow.document.reported)
        #expect(served.desired == device.shadow.document.desired)
        #expect(split.firmware.firmware.engine.state == device.engine.state)

        // A delete: the service answers, the firmware reports its whole state again.
        let delete = Data(#"{"clientToken":"gone"}"#.utf8)
        _ = device.receive(topic: shadow.delete, payload: delete, now: now)
        await split.deliver([OutgoingMessage(topic: shadow.delete, payload: delete, kind: .shadowDelete)], now: now)
        let again = try #require(await split.service.document(of: thing))
        #expect(again.reported == device.shadow.document.reported)
        #expect(again.version == device.shadow.document.version)
    }

    @Test("a desired change while the device is away is applied from the get after it reconnects")
    func deltaFromGetAfterReconnect() async throws {
        var split = try split()
        let thing = split.firmware.firmware.thingName
        let shadow = Topics.Shadow(thing)
        await split.deliver(split.firmware.connected(now: now), firmwareSent: true, now: now)
        split.firmware.connectionLost()
        let request = DeviceAction.setVolume(12345).updateRequest(for: .restoreV5, clientToken: "away")
        let replies = await split.service.handle(topic: shadow.update, payload: request.jsonData)
        #expect(replies.map(\.topic) == [shadow.updateAccepted, shadow.updateDocuments, shadow.updateDelta])
        await split.deliver(split.firmware.connected(now: now), firmwareSent: true, now: now)
        #expect(split.firmware.firmware.engine.state.current.sound.v == 12345)
        let document = try #require(await split.service.document(of: thing))
        #expect(document.desired == nil, "the device cleared what it applied: \(String(describing: document.desired))")
        #expect(document.delta == nil)
    }

    @Test("the service answers exactly the get, update and delete topics of classic and named shadows", arguments: [
        ("$aws/things/restoreV5_a4c138000001/shadow/get", true), ("$aws/things/restoreV5_a4c138000001/shadow/update", true),
        ("$aws/things/restoreV5_a4c138000001/shadow/delete", true), ("$aws/things/restoreV5_a4c138000001/shadow/update/accepted", false),
        ("$aws/things/restoreV5_a4c138000001/shadow/name/night/get", true), ("$aws/things/restoreV5_a4c138000001/shadow/name/night/update", true),
        ("$aws/things/restoreV5_a4c138000001/shadow/name/night/delete", true),
        ("$aws/things/restoreV5_a4c138000001/shadow/name/night/update/accepted", false),
        ("$aws/things/restoreV5_a4c138000001/shadow/name/get", false), ("$aws/things/restoreV5_a4c138000001/shadow/name/night", false),
        ("$aws/things/a/b/shadow/get", false),
        ("$aws/things/restoreV5_a4c138000001/shadow/gets", false), ("$aws/things/restoreV5_a4c138000001/shadows/get", false),
        ("aws/things/restoreV5_a4c138000001/shadow/get", false), ("$aws/things/restoreV5_a4c138000001", false), ("", false),
    ])
    func requestTopics(topic: String, handled: Bool) {
        #expect(ShadowService.handles(topic) == handled)
        if handled {
            #expect(ShadowService.request(in: topic)?.thing == "restoreV5_a4c138000001")
            #expect(ShadowService.request(in: topic)?.operation.rawValue == topic.split(separator: "/").last.map(String.init))
            #expect(ShadowService.request(in: topic)?.name == (topic.contains("/name/") ? "night" : nil))
        }
    }

    @Test("the service refuses requests of invalid thing names and saves documents atomically under its folder")
    func persistenceAndThingNames() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shadow-service-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = ShadowServiceConfiguration(broker: try .init("mqtt://127.0.0.1:1"), stateDirectory: folder)
        let service = try ShadowService(configuration: configuration)
        #expect(await service.handle(topic: "$aws/things/bad name/shadow/get", payload: Data()).isEmpty)
        #expect(await service.handle(topic: "$aws/things/../shadow/update", payload: Data("{}".utf8)).isEmpty)
        let thing = ThingName(rawValue: "restoreV5_a4c138000001")
        let update = Data(#"{"state":{"reported":{"connected":true}},"clientToken":"once"}"#.utf8)
        let first = await service.handle(topic: Topics.Shadow(thing).update, payload: update)
        #expect(first.first?.topic == Topics.Shadow(thing).updateAccepted)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(thing.rawValue).shadow.json").path))

        // A restart keeps the document, its version and the clientToken window.
        let restarted = try ShadowService(configuration: configuration)
        #expect(await restarted.document(of: thing)?.version == 1)
        let repeated = await restarted.handle(topic: Topics.Shadow(thing).update, payload: update)
        #expect((try JSONValue(data: try #require(repeated.first).payload))["version"] == 1, "a repeated clientToken is answered, not applied")
        #expect(await restarted.document(of: thing)?.version == 1)
        #expect(await restarted.handle(topic: "$aws/things/\(thing.rawValue)/shadow/other", payload: Data("{}".utf8)).isEmpty)
        #expect(await restarted.document(of: thing)?.version == 1, "a message on another topic leaves the document alone")
    }
}

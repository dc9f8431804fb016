import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchMosquittoBroker
import HatchMQTT
import Testing

/// A real mosquitto started with the configuration `hatchctl broker config` wrote, and the household
/// fleet logging in with the generated credentials: what the password file and the ACL allow and deny.
@Suite("locked-down broker", .serialized, .timeLimit(.minutes(3)))
struct BrokerAccessTests {
    static let nursery = ThingName(rawValue: "restoreV5_a4c138100001")
    static let parents = ThingName(rawValue: "restoreV4_a4c138100002")

    @Test("a device cannot publish to another device's shadow, presence, registry or records, nor read them")
    func deviceConfinedToItsOwnTopics() async throws {
        let hatchctl = try Hatchctl()
        let port = try MosquittoBroker.freeLoopbackPort()
        let config = try await GeneratedBrokerConfig.generate(hatchctl, [
            "--host", "127.0.0.1", "--port", String(port), "--log-file", hatchctl.home.appendingPathComponent("broker-config/mosquitto.log").path,
            "--debug-log",
        ] + SpareDevice.arguments(in: hatchctl.home))
        let broker = try await config.startBroker(plainPort: port)
        let household = try await HouseholdFleet.start(broker: broker, credentials: config.fleetCredentials())
        defer { Task { await household.stop() } }

        let controller = try await Self.session(broker, config.controller, id: "controller")
        let before = try await Self.shadow(of: Self.parents, via: controller)
        let routinesBefore = try await Self.retained(Topics.routines(Self.parents).document, via: controller)
        let registryBefore = try await Self.retained(Topics.registry(Self.parents), via: controller)
        let replies = MessageCollector(try await controller.subscribe(Topics.Shadow(Self.parents).updateAccepted))

        // A device's own credential (one no running fleet uses), used against the parents' device.
        let spare = try #require(config.devices[SpareDevice.thing.rawValue])
        let intruder = try await Self.session(broker, spare, id: SpareDevice.thing.rawValue)
        try await intruder.publish(Topics.presence(SpareDevice.thing), payload: Data(#"{"state":"online"}"#.utf8), qos: .atLeastOnce, retain: true)
        let shadow = Topics.Shadow(Self.parents)
        let attacks: [(String, String, Bool)] = [
            (shadow.update, #"{"state":{"desired":{"nightlightOn":true}},"clientToken":"intruder"}"#, false),
            (shadow.updateAccepted, #"{"state":{"desired":{"nightlightOn":true}},"version":999,"clientToken":"intruder"}"#, false),
            (Topics.presence(Self.parents), #"{"state":"offline","thingName":"\#(Self.parents.rawValue)","reason":"intruder"}"#, true),
            (Topics.registry(Self.parents), #"{"thingName":"\#(Self.parents.rawValue)","name":"Hijacked"}"#, true),
            (Topics.routines(Self.parents).request, #"{"operation":"delete","id":1,"clientToken":"intruder"}"#, false),
            (Topics.routines(Self.parents).document, #"{"dataVersion":999,"routines":[]}"#, true),
        ]
        for (topic, payload, retain) in attacks {
            try await intruder.publish(topic, payload: Data(payload.utf8), qos: .atLeastOnce, retain: retain)
        }
        // mosquitto grants a subscription to another device's topics but delivers nothing on it: the
        // read ACL applies to every message.
        let spiedShadow = MessageCollector(try await intruder.subscribe(shadow.all))
        let spiedPresence = MessageCollector(try await intruder.subscribe(Topics.presenceAll))
        let spiedRecords = MessageCollector(try await intruder.subscribe("hatch/things/\(Self.parents.rawValue)/#"))
        let ownPresence = MessageCollector(try await intruder.subscribe(Topics.presence(SpareDevice.thing)))

        // The broker has handled every forged publish once it has logged a denial for each.
        let deniedLine = "Denied PUBLISH from \(SpareDevice.thing.rawValue)"
        let handled = ContinuousClock.now + .seconds(10)
        while broker.log.split(separator: "\n").filter({ $0.contains(deniedLine) }).count < attacks.count, ContinuousClock.now < handled {
            try await Task.sleep(for: .milliseconds(20))
        }
        let after = try await Self.shadow(of: Self.parents, via: controller)
        #expect(after["version"] as? Int == before["version"] as? Int, "the parents' shadow version changed")
        #expect(Self.reported(after, "nightlightOn") == Self.reported(before, "nightlightOn"))
        #expect(try await Self.retained(Topics.routines(Self.parents).document, via: controller) == routinesBefore)
        #expect(try await Self.retained(Topics.registry(Self.parents), via: controller) == registryBefore)
        let presence = try await Self.retained(Topics.presence(Self.parents), via: controller)
        #expect(presence.contains(#""online""#), "presence: \(presence)")
        #expect(replies.messages.isEmpty, "a forged shadow reply reached the controller")

        // The broker says why: each forged publish was denied.
        let denied = broker.log.split(separator: "\n").filter { $0.contains(deniedLine) }
        #expect(denied.count >= attacks.count, "broker log:\n\(broker.log.suffix(3000))")

        // The controller still reaches the same device, and the device still answers.
        try await controller.publish(shadow.update, payload: Data(#"{"state":{"desired":{"nightlightOn":true}},"clientToken":"controller"}"#.utf8),
                                     qos: .atLeastOnce)
        let accepted = try #require(await replies.first(within: .seconds(5)), "the controller's own update was not accepted")
        #expect(String(decoding: accepted.payload, as: UTF8.self).contains("controller"))
        // A marker on the intruder's own topic, published after the broker delivered the reply: once it
        // comes back, anything the broker queued for the intruder before it has arrived too.
        let marker = #"{"state":"online","marker":"after-controller-update"}"#
        try await intruder.publish(Topics.presence(SpareDevice.thing), payload: Data(marker.utf8), qos: .atLeastOnce)
        #expect(await ownPresence.first(within: .seconds(5), where: { String(decoding: $0.payload, as: UTF8.self) == marker }) != nil,
                "the intruder's marker did not come back")
        #expect(spiedShadow.messages.isEmpty, "the intruder read \(spiedShadow.messages.map(\.topic))")
        #expect(spiedPresence.messages.allSatisfy { $0.topic == Topics.presence(SpareDevice.thing) }, "the intruder read \(spiedPresence.messages.map(\.topic))")
        #expect(spiedRecords.messages.isEmpty, "the intruder read \(spiedRecords.messages.map(\.topic))")
        #expect(await ownPresence.first(within: .seconds(2)) != nil, "a device cannot read its own retained presence")
        await controller.disconnect()
        await intruder.disconnect()
    }

    @Test("a device's login connects only as its own thing: another thing's client id is refused and that device stays online")
    func deviceLoginBoundToItsClientID() async throws {
        let hatchctl = try Hatchctl()
        let port = try MosquittoBroker.freeLoopbackPort()
        let config = try await GeneratedBrokerConfig.generate(hatchctl, [
            "--host", "127.0.0.1", "--port", String(port), "--log-file", hatchctl.home.appendingPathComponent("broker-config/mosquitto.log").path,
        ] + SpareDevice.arguments(in: hatchctl.home))
        let binding = try String(contentsOf: config.folder.appendingPathComponent("client-ids.json"), encoding: .utf8)
        #expect(binding.contains(#""clientid" : "\#(Self.parents.rawValue)""#), "\(binding)")
        for secret in config.passwords { #expect(!binding.contains(secret), "a plaintext password is in client-ids.json") }
        let broker = try await config.startBroker(plainPort: port)
        let household = try await HouseholdFleet.start(broker: broker, credentials: config.fleetCredentials())
        defer { Task { await household.stop() } }

        // Two controller sessions at once, each with its own client id: the controller's login is not bound.
        let controller = try await Self.session(broker, config.controller, id: "controller-1")
        let second = try await Self.session(broker, config.controller, id: "controller-2")
        let presence = MessageCollector(try await controller.subscribe(Topics.presence(Self.parents)))
        #expect(await presence.first(within: .seconds(5)) { String(decoding: $0.payload, as: UTF8.self).contains(#""online""#) } != nil,
                "the parents' device is not online")

        // The nursery's credential (a running device) and a spare device's, each with the parents' client id: refused.
        let nursery = try #require(config.devices[Self.nursery.rawValue])
        let spare = try #require(config.devices[SpareDevice.thing.rawValue])
        for identity in [nursery, spare] {
            do {
                let hijacker = try await Self.session(broker, identity, id: Self.parents.rawValue)
                await hijacker.disconnect()
                Issue.record("\(identity.username) connected with the client id \(Self.parents.rawValue)")
            } catch let error as MQTTError {
                guard case .notAuthorized = error else { Issue.record("expected notAuthorized, got \(error)"); continue }
            }
        }
        // Nor with a made-up id; with its own thing name it connects.
        await #expect(throws: MQTTError.self) { _ = try await Self.session(broker, spare, id: "spare-\(UUID().uuidString.prefix(6))") }
        let own = try await Self.session(broker, spare, id: SpareDevice.thing.rawValue)
        await own.disconnect()

        // A round trip through the parents' device after the attempts: it answers on the connection it had.
        let document = try await Self.shadow(of: Self.parents, via: second)
        #expect(document["state"] != nil)
        let presences = presence.messages.map { String(decoding: $0.payload, as: UTF8.self) }
        #expect(!presences.contains { $0.contains(#""offline""#) }, "the parents' device went offline: \(presences)")
        await household.fleet.stop()
        await controller.disconnect()
        await second.disconnect()
        // mosquitto flushes its log file at most once a second; stopping it writes the rest.
        broker.stop()
        let lines = broker.log.split(separator: "\n")
        let connects = lines.filter { $0.contains("New client connected") && $0.contains(" as \(Self.parents.rawValue) ") }
        #expect(connects.count == 1, "the parents' device connected \(connects.count) times:\n\(connects.joined(separator: "\n"))")
        let takeovers = lines.filter { $0.contains("already connected, closing old connection") }
        #expect(takeovers.isEmpty, "a session was taken over:\n\(takeovers.joined(separator: "\n"))")
    }

    @Test("a wrong password and an anonymous client are refused as not authorized; hatchctl says so and prints no secret")
    func wrongPasswordRefused() async throws {
        let hatchctl = try Hatchctl()
        let port = try MosquittoBroker.freeLoopbackPort()
        let config = try await GeneratedBrokerConfig.generate(hatchctl, ["--host", "127.0.0.1", "--port", String(port),
                                                                         "--log-file", hatchctl.home.appendingPathComponent("broker-config/mosquitto.log").path])
        let broker = try await config.startBroker(plainPort: port)
        defer { broker.stop() }

        var wrong = config.controller
        wrong.password = "not-" + wrong.password
        do {
            _ = try await Self.session(broker, wrong, id: "wrong")
            Issue.record("a wrong password was accepted")
        } catch let error as MQTTError {
            guard case .notAuthorized = error else { Issue.record("expected notAuthorized, got \(error)"); return }
            #expect("\(error)".contains("check the username and password"))
        }
        let anonymous = MQTTSession(configuration: MQTTConfiguration(broker: try MQTTBrokerURL(broker.url), clientID: "anonymous"))
        await #expect(throws: MQTTError.self) { try await anonymous.connect() }
        // A device's password does not open another device's username.
        var swapped = try #require(config.devices[Self.parents.rawValue])
        swapped.password = try #require(config.devices[Self.nursery.rawValue]).password
        await #expect(throws: MQTTError.self) { _ = try await Self.session(broker, swapped, id: Self.parents.rawValue) }

        // hatchctl with a recorded broker whose password is wrong.
        let record = #"{"url": "\#(broker.url)", "username": "hatch-controller", "password": "\#(wrong.password)"}"#
        try Data(record.utf8).write(to: hatchctl.home.appendingPathComponent("broker.json"))
        let text = try await hatchctl.run(["devices"])
        #expect(text.status == 3, "\(text)")
        #expect(text.standardError.contains("refused the username 'hatch-controller' and its password"), "\(text)")
        let json = try await hatchctl.run(["state", "Nursery", "--json"])
        #expect(json.status == 3, "\(json)")
        let error = try #require((try json.json() as? [String: Any])?["error"] as? [String: Any])
        #expect(error["kind"] as? String == "brokerRefusedCredentials")
        for output in [text.standardOutput, text.standardError, json.standardOutput, json.standardError, config.output.standardOutput] {
            for secret in config.passwords + [wrong.password] { #expect(!output.contains(secret), "a password leaked into: \(output)") }
        }
    }

    // MARK: - Helpers

    static func session(_ broker: MosquittoBroker, _ identity: GeneratedBrokerConfig.Identity, id: String) async throws -> MQTTSession {
        let session = MQTTSession(configuration: MQTTConfiguration(
            broker: try MQTTBrokerURL(broker.url), clientID: id,
            credentials: MQTTCredentials(username: identity.username, password: identity.password), reconnect: .disabled))
        try await session.connect()
        return session
    }

    /// The shadow document of `thing`, read with `shadow/get`.
    static func shadow(of thing: ThingName, via session: MQTTSession) async throws -> [String: Any] {
        let topics = Topics.Shadow(thing)
        let token = UUID().uuidString
        let replies = MessageCollector(try await session.subscribe(topics.getAccepted))
        try await session.publish(topics.get, payload: Data(#"{"clientToken":"\#(token)"}"#.utf8), qos: .atLeastOnce)
        let reply = try #require(await replies.first(within: readTimeout) { String(decoding: $0.payload, as: UTF8.self).contains(token) },
                                 "no shadow document for \(thing)")
        return try #require(try JSONSerialization.jsonObject(with: reply.payload) as? [String: Any])
    }

    static func reported(_ document: [String: Any], _ key: String) -> String {
        "\(((document["state"] as? [String: Any])?["reported"] as? [String: Any])?[key] ?? "absent")"
    }

    /// How long a read may wait for its message on a loaded machine.
    static let readTimeout = Duration.seconds(30)

    /// The retained payload of `topic`. The broker sends it on subscribing; a read that gets none
    /// within ``readTimeout`` fails the test, so that two reads are never compared empty.
    static func retained(_ topic: String, via session: MQTTSession) async throws -> String {
        let collector = MessageCollector(try await session.subscribe(topic))
        let message = try #require(await collector.first(within: readTimeout) { $0.retain }, "no retained message on \(topic) within \(readTimeout)")
        return String(decoding: message.payload, as: UTF8.self)
    }
}

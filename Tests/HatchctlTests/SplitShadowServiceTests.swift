import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchMosquittoBroker
import HatchMQTT
import HatchServiceHTTP
import HatchctlTestSupport
import Testing

/// The two roles apart, on a real mosquitto locked down like AWS IoT Core
/// (`hatchctl broker config --shadow-service external`): the household's devices run their firmware
/// only (`ShadowServiceMode.external`), `hatchctl shadow-service` answers every shadow request as a
/// separate process, and `hatchctl` drives them as a user does.
@Suite("devices and hatchctl shadow-service apart, on a broker with an AWS-IoT-like ACL", .serialized, .timeLimit(.minutes(4)))
struct SplitShadowServiceTests {
    /// The shadow service's MQTT client id in these tests.
    static let serviceClientID = "hatch-shadow-service-test"

    @Test("commands, a drop with a desired change meanwhile, get and delete: state, versions and replies; no device ever publishes a reply")
    func splitRoles() async throws {
        let hatchctl = try Hatchctl()
        let port = try MosquittoBroker.freeLoopbackPort()
        let brokerLog = hatchctl.home.appendingPathComponent("broker-config/mosquitto.log")
        let config = try await GeneratedBrokerConfig.generate(hatchctl, ["--host", "127.0.0.1", "--port", String(port), "--shadow-service", "external",
                                                                         "--debug-log", "--log-file", brokerLog.path]
                                                              + SpareDevice.arguments(in: hatchctl.home))
        let acl = try String(contentsOf: config.aclFile, encoding: .utf8)
        let nurseryThing = ThingName(product: .restoreV5, macAddress: try MacAddress(validating: "A4:C1:38:10:00:01"))
        #expect(acl.contains("topic write \(Topics.Shadow(nurseryThing).update)"))
        #expect(!acl.contains("topic readwrite $aws/things/\(nurseryThing.rawValue)"), "a device may not write its shadow replies:\n\(acl)")
        let broker = try await config.startBroker(plainPort: port)
        defer { broker.stop() }
        let metricsPort = try MosquittoBroker.freeLoopbackPort()
        let service = try await ShadowServiceProcess.start(hatchctl, ["--broker", broker.url, "--credentials", config.credentialsFile.path,
                                                                      "--state", hatchctl.home.appendingPathComponent("shadows").path,
                                                                      "--client-id", Self.serviceClientID, "--metrics-port", String(metricsPort)])
        let definition = try FleetDefinition.load(contentsOf: HouseholdFleet.packageRoot.appendingPathComponent("devices/household.yaml"))
        let fleet = try Fleet(configuration: FleetConfiguration(
            definition: definition, broker: try MQTTBrokerURL(broker.url), clock: SimulationClock(mode: .manual, startTime: Date(timeIntervalSince1970: 1_767_610_200)),
            tickInterval: .milliseconds(20), controlTopics: false, credentials: config.fleetCredentials(), shadowService: .external))
        let watcher = MQTTSession(configuration: MQTTConfiguration(
            broker: try MQTTBrokerURL(broker.url), clientID: "split-test-watcher",
            credentials: MQTTCredentials(username: config.controller.username, password: config.controller.password)))
        var metrics: LoopbackHTTP.Response?
        do {
            try await watcher.connect()
            let wire = MessageCollector(try await watcher.subscribe("$aws/things/+/shadow/#"))
            try await fleet.start()
            try await driveCommands(hatchctl, broker: broker, config: config, fleet: fleet, watcher: watcher, wire: wire)
            try await probeTheACL(broker: broker, config: config, thing: SpareDevice.thing, wire: wire)
            await fleet.stop()
            await watcher.disconnect()
            metrics = try await Self.settledMetrics(port: metricsPort)
        } catch {
            await fleet.stop()
            await watcher.disconnect()
            await service.stop()
            throw error
        }
        await service.stop()

        // (b) No device published where its policy does not let it, and every reply on the wire is the service's.
        // mosquitto flushes its log file at most once a second; stopping it writes the rest.
        broker.stop()
        let log = try String(contentsOf: brokerLog, encoding: .utf8)
        let denied = log.split(separator: "\n").filter { $0.contains("Denied PUBLISH") }
        #expect(denied.contains { $0.contains("from \(Self.probeClientID) ") }, "the ACL let a device credential publish a reply:\n\(log.suffix(2000))")
        let deniedDevices = denied.filter { line in definition.devices.contains { line.contains("from \($0.profile.thingName.rawValue) ") } }
        #expect(deniedDevices.isEmpty, "the broker denied device publishes:\n\(deniedDevices.prefix(10).joined(separator: "\n"))")
        let replies = Self.publishes(in: log).filter { Self.isReply($0.topic) }
        #expect(replies.count > 20, "too few shadow replies in the broker log to prove anything: \(replies.count)")
        let foreign = replies.filter { $0.client != Self.serviceClientID && $0.client != Self.probeClientID }
        #expect(foreign.isEmpty, "shadow replies from someone else than the shadow service: \(foreign.prefix(5))")
        let counted = try #require(Self.repliesCounted(in: service.log), "the service did not log its counts:\n\(service.log)")
        #expect(counted == replies.count, "the service counted \(counted) replies, the broker received \(replies.count) from it")

        // (c) Its Prometheus metrics, scraped after the last request, say the same.
        let exposition = try #require(metrics)
        #expect(exposition.status == 200 && exposition.headers["content-type"]?.hasPrefix("text/plain") == true, "\(exposition)")
        let samples = PrometheusSamples(exposition: exposition.body)
        #expect(Int(samples.total("hatch_shadow_service_replies_total")) == counted, "\(exposition.body)")
        // Every device has a shadow, but the one whose document the test deleted may have none left.
        let things = Int(samples["hatch_shadow_service_things"] ?? -1)
        #expect(samples["hatch_shadow_service_connected"] == 1 && (definition.devices.count - 1...definition.devices.count).contains(things),
                "\(exposition.body)")
        for kind in ["shadow_get", "shadow_update", "shadow_delete"] {
            #expect(samples["hatch_shadow_service_requests_total{kind=\"\(kind)\"}"] ?? 0 > 0, "no \(kind) counted: \(exposition.body)")
        }
        #expect(samples["process_cpu_seconds_total"] ?? 0 > 0 && samples["process_resident_memory_bytes"] ?? 0 > 0, "\(exposition.body)")
        // Commands with a clientToken are saved before their replies leave.
        #expect(samples["hatch_shadow_service_documents_saved_total"] ?? 0 > 0 && samples["hatch_shadow_service_save_failures_total"] == 0,
                "\(exposition.body)")
    }

    /// The service's metrics once its counts stop moving: the last reports of the devices that just
    /// went offline may still be on their way to it (three scrapes 200 ms apart agree; at most 10 s).
    static func settledMetrics(port: Int) async throws -> LoopbackHTTP.Response {
        var last = try await LoopbackHTTP.get("/metrics", port: port)
        var agreeing = 0
        for _ in 0..<50 where agreeing < 2 {
            try await Task.sleep(for: .milliseconds(200))
            let next = try await LoopbackHTTP.get("/metrics", port: port)
            let counts = { (response: LoopbackHTTP.Response) -> [Double] in
                let samples = PrometheusSamples(exposition: response.body)
                return [samples.total("hatch_shadow_service_requests_total"), samples.total("hatch_shadow_service_replies_total")]
            }
            agreeing = counts(next) == counts(last) ? agreeing + 1 : 0
            last = next
        }
        return last
    }

    /// The client id of a session that logs in with a device's credential (one no running device uses:
    /// a device's login connects only as its own thing) and tries to publish a reply.
    static let probeClientID = SpareDevice.thing.rawValue

    /// A device's credential may not publish a shadow reply, even its own: the broker denies it and nobody receives it.
    private func probeTheACL(broker: MosquittoBroker, config: GeneratedBrokerConfig, thing: ThingName, wire: MessageCollector) async throws {
        let identity = try #require(config.devices[thing.rawValue])
        let probe = MQTTSession(configuration: MQTTConfiguration(
            broker: try MQTTBrokerURL(broker.url), clientID: Self.probeClientID,
            credentials: MQTTCredentials(username: identity.username, password: identity.password)))
        try await probe.connect()
        let forged = #"{"state":{},"version":1,"clientToken":"forged"}"#
        try await probe.publish(Topics.Shadow(thing).updateAccepted, payload: Data(forged.utf8), qos: .atLeastOnce)
        await probe.disconnect()
        #expect(await wire.first(within: .seconds(1)) { Self.token(of: $0) == "forged" } == nil, "a forged reply reached the watcher")
    }

    /// (a) light, sound, a routine, an alarm, a drop with a desired change meanwhile, a get and a delete.
    private func driveCommands(_ hatchctl: Hatchctl, broker: MosquittoBroker, config: GeneratedBrokerConfig, fleet: Fleet,
                               watcher: MQTTSession, wire: MessageCollector) async throws {
        let login = ["--broker", broker.url, "--credentials", config.credentialsFile.path]
        let nursery = try #require(fleet.device("Nursery"))
        let topics = Topics.Shadow(nursery.thingName)

        let light = try await hatchctl.run(["light", "Nursery", "#FF8800", "--brightness", "40"] + login)
        #expect(light.status == 0, "\(light)")
        let sound = try await hatchctl.run(["sound", "Nursery", "3", "--volume", "25"] + login)
        #expect(sound.status == 0, "\(sound)")
        let state = try await waitForState(hatchctl, login, "Nursery") { report in
            let current = (report["reported"] as? [String: Any])?["current"] as? [String: Any]
            return (current?["sound"] as? [String: Any])?["id"] as? Int == 3
        }
        let current = try #require((state["reported"] as? [String: Any])?["current"] as? [String: Any])
        #expect((current["color"] as? [String: Any])?["r"] as? Int == 65535)
        let routine = try await hatchctl.run(["routine", "start", "Parents", "wind down"] + login)
        #expect(routine.status == 0, "\(routine)")
        _ = try await waitForState(hatchctl, login, "Parents") { report in
            ((report["reported"] as? [String: Any])?["current"] as? [String: Any])?["playing"] as? String == "routine"
        }
        let alarm = try await hatchctl.run(["alarm", "add", "Nursery", "--time", "07:00", "--days", "weekend", "--name", "Weekend"] + login)
        #expect(alarm.status == 0, "\(alarm)")
        let alarms = try await hatchctl.run(["alarm", "list", "Nursery"] + login)
        #expect(alarms.standardOutput.contains("Weekend"), "\(alarms)")

        // The device drops; a desired change made meanwhile is accepted by the service and applied on return.
        let before = try await get(watcher, wire, topics, token: "before-drop")
        let versionBefore = try #require(before["version"] as? Int)
        await fleet.inject(FaultInjection(kind: .dropConnection(reconnectAfter: 2), target: .devices(["Nursery"])))
        #expect(await !nursery.isOnline)
        let change = #"{"state":{"desired":{"current":{"sound":{"v":19661}}}},"clientToken":"while-away"}"#
        try await watcher.publish(topics.update, payload: Data(change.utf8), qos: .atLeastOnce)
        let accepted = try #require(await wire.first(within: .seconds(5)) { $0.topic == topics.updateAccepted && Self.token(of: $0) == "while-away" })
        #expect(Self.json(accepted)["version"] as? Int == versionBefore + 1, "the service answers while the device is away")
        #expect(await wire.first(within: .seconds(5)) { $0.topic == topics.updateDelta && Self.token(of: $0) == "while-away" } != nil)
        _ = try await waitForState(hatchctl, login, "Nursery") { report in
            let current = (report["reported"] as? [String: Any])?["current"] as? [String: Any]
            return (current?["sound"] as? [String: Any])?["v"] as? Int == 19661
        }
        let after = try await eventually("a document with the desired change cleared", within: .seconds(60), interval: .milliseconds(100)) {
            let document = try await get(watcher, wire, topics, token: "after-return-\(UUID().uuidString.prefix(4))")
            return (document["state"] as? [String: Any])?["desired"] == nil ? document : nil
        }
        let afterState = try #require(after["state"] as? [String: Any])
        #expect(afterState["desired"] == nil && afterState["delta"] == nil, "the device cleared what it applied: \(afterState)")
        #expect(try #require(after["version"] as? Int) > versionBefore + 1)
        #expect(((afterState["reported"] as? [String: Any])?["connected"] as? Bool) == true)

        // Delete: the service answers with the version; the device reports its whole state again.
        let version = try #require(after["version"] as? Int)
        try await watcher.publish(topics.delete, payload: Data(#"{"clientToken":"remove"}"#.utf8), qos: .atLeastOnce)
        let deleted = try #require(await wire.first(within: .seconds(5)) { $0.topic == topics.deleteAccepted && Self.token(of: $0) == "remove" })
        #expect(Self.json(deleted)["version"] as? Int == version)
        let again = try await eventually("a document again after the delete", within: .seconds(60), interval: .milliseconds(100)) {
            let document = try await get(watcher, wire, topics, token: "after-delete-\(UUID().uuidString.prefix(4))")
            return document["state"] == nil ? nil : document
        }
        #expect(again["version"] as? Int == version + 1)
        let reported = try #require((again["state"] as? [String: Any])?["reported"] as? [String: Any])
        #expect(reported["deviceInfo"] != nil && reported["current"] != nil, "the whole state again: \(reported)")

        // Bad payloads get the same rejections as from the fused fleet.
        try await watcher.publish(topics.update, payload: Data(#"{"state":{"desired":{"current":{"sound":{"v":"loud"}}}},"clientToken":"bad"}"#.utf8), qos: .atLeastOnce)
        let rejected = try #require(await wire.first(within: .seconds(5)) { $0.topic == topics.updateRejected && Self.token(of: $0) == "bad" })
        #expect(Self.json(rejected)["code"] as? Int == 400)
        #expect((Self.json(rejected)["message"] as? String)?.contains("current.sound.v must be an integer") == true, "\(Self.json(rejected))")
    }

    /// A `shadow/get` with `token` and its `/get/accepted` (or `/get/rejected`) payload.
    private func get(_ watcher: MQTTSession, _ wire: MessageCollector, _ topics: Topics.Shadow, token: String) async throws -> [String: Any] {
        try await watcher.publish(topics.get, payload: Data(#"{"clientToken":"\#(token)"}"#.utf8), qos: .atLeastOnce)
        let reply = try #require(await wire.first(within: .seconds(5)) {
            ($0.topic == topics.getAccepted || $0.topic == topics.getRejected) && Self.token(of: $0) == token
        })
        return Self.json(reply)
    }

    private func waitForState(_ hatchctl: Hatchctl, _ login: [String], _ device: String, _ condition: ([String: Any]) -> Bool) async throws -> [String: Any] {
        try await hatchctl.waitForState(broker: login, device: device, condition)
    }

    static func json(_ message: MQTTMessage) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: message.payload) as? [String: Any]) ?? [:]
    }

    static func token(of message: MQTTMessage) -> String? { json(message)["clientToken"] as? String }

    /// Whether `topic` is a shadow reply only the shadow service may publish.
    static func isReply(_ topic: String) -> Bool {
        let levels = topic.split(separator: "/")
        return levels.count == 6 && levels[0] == "$aws" && levels[3] == "shadow"
            && FirmwareTopics(ThingName(rawValue: String(levels[2]))).reservedReplies.contains(topic)
    }

    /// Every `Received PUBLISH from CLIENT (…, 'TOPIC', …)` line of a mosquitto debug log.
    static func publishes(in log: String) -> [(client: String, topic: String)] {
        log.split(separator: "\n").compactMap { line -> (String, String)? in
            guard let from = line.range(of: "Received PUBLISH from ") else { return nil }
            let rest = line[from.upperBound...]
            guard let space = rest.firstIndex(of: " "), let open = rest.firstIndex(of: "'") else { return nil }
            let afterOpen = rest[rest.index(after: open)...]
            guard let close = afterOpen.firstIndex(of: "'") else { return nil }
            return (String(rest[..<space]), String(afterOpen[..<close]))
        }
    }

    /// The reply count of the service's "shadow service stopped: N requests in, M replies out" line.
    static func repliesCounted(in log: String) -> Int? {
        guard let line = log.split(separator: "\n").last(where: { $0.contains("shadow service stopped:") }),
              let range = line.range(of: #"\d+ replies out"#, options: .regularExpression) else { return nil }
        return Int(line[range].split(separator: " ")[0])
    }
}

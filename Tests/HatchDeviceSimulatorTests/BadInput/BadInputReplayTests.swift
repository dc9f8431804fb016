import Foundation
import HatchDeviceModel
import HatchMosquittoBroker
import HatchMQTT
import Testing
@testable import HatchDeviceSimulator

/// Replays the bad-input corpus against the household fleet (four products) over a real mosquitto:
/// every case gets its rejection (AWS code and message) or is ignored, no device's shadow document,
/// version, state or records change, the fleet keeps running, and a good request still works after.
@Suite("Bad input against the fleet", .serialized, .timeLimit(.minutes(5)))
struct BadInputReplayTests {
    /// What must not change: the stored document (with version and metadata), settings (with the
    /// routine and alarm records and their data versions) and reported state of one device.
    struct Snapshot: Equatable {
        var document: ShadowDocument
        var settings: DeviceSettings
        var state: ReportedState
    }

    /// Every message the observer saw, in order.
    actor Inbox {
        private(set) var messages: [MQTTMessage] = []
        func append(_ message: MQTTMessage) { messages.append(message) }
        var count: Int { messages.count }
        func since(_ start: Int) -> ArraySlice<MQTTMessage> { messages[start...] }
    }

    static func snapshot(_ fleet: Fleet) async -> [String: Snapshot] {
        var result: [String: Snapshot] = [:]
        for device in fleet.devices {
            result[device.spec.profile.name] = Snapshot(document: await device.shadowDocument, settings: await device.settings,
                                                        state: await device.reportedState)
        }
        return result
    }

    /// A reply topic: anything the shadow service, a device or the fleet publishes in answer to a request.
    static func isReply(_ topic: String) -> Bool {
        topic.hasSuffix("/accepted") || topic.hasSuffix("/rejected") || topic.hasSuffix("/delta") || topic.hasSuffix("/documents")
            || topic == Topics.fleetControlReply || topic == Topics.fleetEvents
            || topic.hasSuffix("/routines") || topic.hasSuffix("/alarms")
    }

    /// The topic a case is published on and the topic its answer comes on.
    static func topics(for testCase: BadInputCase, things: [String: ThingName]) throws -> (publish: String, reply: String) {
        if testCase.topic == "fleet/control" { return (Topics.fleetControl, Topics.fleetControlReply) }
        let thing: String
        if let ghost = testCase.thing {
            thing = ghost
        } else if let device = testCase.device {
            thing = try #require(things[device], "unknown device in \(testCase.id)").rawValue
        } else {
            thing = "none"  // a literal publishTopic; the answer topic is not used
        }
        let operation = testCase.topic.split(separator: "/").last.map(String.init) ?? ""
        let base: String
        switch testCase.topic {
        case "routines/request": base = "hatch/things/\(thing)/routines/request"
        case "alarms/request": base = "hatch/things/\(thing)/alarms/request"
        default: base = "$aws/things/\(thing)/shadow/\(operation)"
        }
        var publish = testCase.publishTopic ?? base
        for (name, thingName) in things { publish = publish.replacingOccurrences(of: "{\(name)}", with: thingName.rawValue) }
        let outcome = testCase.expect.outcome == "accepted" ? "/accepted" : "/rejected"
        return (publish, base + outcome)
    }

    /// Waits until `inbox` holds a message on `topic` after `start`.
    static func firstReply(on topic: String, after start: Int, in inbox: Inbox, timeout: Duration = .seconds(5)) async -> MQTTMessage? {
        await firstReply(after: start, in: inbox, timeout: timeout) { $0.topic == topic }?.message
    }

    /// Waits until `inbox` holds a message after `start` that satisfies `predicate`; returns it and its position.
    static func firstReply(after start: Int, in inbox: Inbox, timeout: Duration,
                           where predicate: (MQTTMessage) -> Bool) async -> (message: MQTTMessage, index: Int)? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let messages = await inbox.since(start)
            if let index = messages.firstIndex(where: predicate) { return (messages[index], index) }
            // Cancelled (the suite's time limit): stop waiting; the caller's expectation then fails.
            do { try await Task.sleep(for: .milliseconds(5)) } catch { return nil }
        }
        return nil
    }

    /// How long a fence's answer may take on a loaded machine.
    static let fenceTimeout = Duration.seconds(30)

    /// Publishes fence requests after a case and waits for their answers; returns the inbox position
    /// of the last one, before which every reply the case caused has arrived.
    ///
    /// Why the answers come after any reply to the case: mosquitto handles one client's publishes in
    /// the order they arrive and queues them, in that order, for each connection subscribed to them;
    /// a fleet device handles its connection's messages one after another (one inbox for all its
    /// filters) and publishes its replies in order, and the observer's subscriptions take them in
    /// that order too. So a reply of device D to the case comes before D's answer to a `get` sent
    /// after the case, and a `get` goes to every device (the case's topic may name any of them, or
    /// reach one through a wildcard). A control request is fenced by a `status` request, which the
    /// fleet's control subscription handles after it, in the same task. The fleet's own wildcard
    /// subscription to `$aws/things/+/shadow/+` answers only for devices that are away (none are
    /// here), so no request passes through it with an answer: a reply from it would come on its
    /// own connection, unordered with the devices' answers.
    static func fence(_ testCase: BadInputCase, on session: MQTTSession, inbox: Inbox, things: [String: ThingName]) async throws -> Result<Int, FenceTimeout> {
        let start = await inbox.count
        let token = "fence-\(testCase.id)"
        var answers: [(topic: String, label: String)] = []
        if testCase.topic == "fleet/control" {
            try await session.publish(Topics.fleetControl, payload: Data(#"{"status":true,"clientToken":"\#(token)"}"#.utf8), qos: .atLeastOnce)
            answers.append((Topics.fleetControlReply, "the fleet's status"))
        } else {
            for (name, thing) in things.sorted(by: { $0.key < $1.key }) {
                let shadow = Topics.Shadow(thing)
                try await session.publish(shadow.get, payload: Data(#"{"clientToken":"\#(token)"}"#.utf8), qos: .atLeastOnce)
                answers.append((shadow.getAccepted, "\(name)'s shadow document"))
            }
        }
        var last = start
        for answer in answers {
            guard let reply = await firstReply(after: start, in: inbox, timeout: fenceTimeout, where: { isFence($0, token: token) && $0.topic == answer.topic }) else {
                return .failure(FenceTimeout(what: answer.label))
            }
            last = max(last, reply.index)
        }
        return .success(last)
    }

    struct FenceTimeout: Error { var what: String }

    /// Whether `message` answers a fence request with `token`.
    static func isFence(_ message: MQTTMessage, token: String) -> Bool {
        (try? JSONValue(data: message.payload))?["clientToken"]?.stringValue == token
    }

    /// Checks one case; returns what went wrong (empty when it behaved).
    static func replay(_ testCase: BadInputCase, on session: MQTTSession, inbox: Inbox, things: [String: ThingName]) async throws -> [String] {
        let (publishTopic, replyTopic) = try topics(for: testCase, things: things)
        let payload = try BadInputCorpus.payload(of: testCase)
        let start = await inbox.count
        try await session.publish(publishTopic, payload: payload, qos: .atLeastOnce)
        var problems: [String] = []
        switch testCase.expect.outcome {
        case "ignored": break
        case "accepted":
            if await firstReply(on: replyTopic, after: start, in: inbox) == nil { problems.append("no reply on \(replyTopic)") }
        default:
            guard let reply = await firstReply(on: replyTopic, after: start, in: inbox) else {
                let seen = await inbox.since(start).map(\.topic)
                return ["no reply on \(replyTopic) within 5 s (saw \(seen))"]
            }
            guard let body = try? JSONValue(data: reply.payload) else { return ["the reply is not JSON: \(reply.payloadString ?? "")"] }
            if testCase.topic == "fleet/control", body["ok"] != false { problems.append("the control reply is not ok: false: \(body)") }
            if body["code"]?.intValue != testCase.expect.code {
                problems.append("code \(body["code"].map { "\($0)" } ?? "none"), expected \(testCase.expect.code ?? 0): \(body)")
            }
            let message = body["message"]?.stringValue ?? ""
            if message.isEmpty || !message.contains(testCase.expect.message ?? "") {
                problems.append("message '\(message)' does not contain '\(testCase.expect.message ?? "")'")
            }
        }
        // Nothing but the answer (none for an ignored case): no accepted update, delta, documents,
        // record change or fault, up to the fences' answers, which come after everything the case caused.
        let fenced: Int
        switch try await fence(testCase, on: session, inbox: inbox, things: things) {
        case .success(let position): fenced = position
        case .failure(let timeout): return problems + ["no answer to the fence (a get of \(timeout.what)) within \(fenceTimeout)"]
        }
        let token = "fence-\(testCase.id)"
        let expected = testCase.expect.outcome == "ignored" ? nil : replyTopic
        let others = await inbox.since(start).prefix(fenced - start)
            .filter { isReply($0.topic) && $0.topic != expected && $0.topic != publishTopic && !isFence($0, token: token) }
        if !others.isEmpty {
            problems.append(testCase.expect.outcome == "ignored" ? "expected no reply, got \(others.map(\.topic))" : "unexpected replies: \(others.map(\.topic))")
        }
        return problems
    }

    /// The wire documents of every device (`shadow/get`), without timestamps and tokens.
    /// Waits until `inbox` holds every device's retained registry record and the `/update/accepted` of
    /// its first report, so that nothing from the fleet's start arrives during the replay.
    static func waitForFirstReports(of things: [ThingName], in inbox: Inbox) async throws {
        let wanted = Set(things.flatMap { [Topics.registry($0), Topics.Shadow($0).updateAccepted] })
        let deadline = ContinuousClock.now + .seconds(20)
        var seen = Set<String>()
        while !wanted.isSubset(of: seen) {
            guard ContinuousClock.now < deadline else {
                Issue.record("No registry record or first report within 20 s from: \(wanted.subtracting(seen).sorted())")
                return
            }
            seen = Set(await inbox.messages.map(\.topic))
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    static func wireDocuments(_ fleet: Fleet, session: MQTTSession, inbox: Inbox) async throws -> JSONObject {
        var result: JSONObject = [:]
        for device in fleet.devices {
            let shadow = Topics.Shadow(device.thingName)
            let start = await inbox.count
            try await session.publish(shadow.get, payload: Data(#"{"clientToken":"snapshot"}"#.utf8), qos: .atLeastOnce)
            let reply = try #require(await firstReply(on: shadow.getAccepted, after: start, in: inbox))
            var document = try #require(try JSONValue(data: reply.payload).objectValue)
            document["timestamp"] = nil
            document["clientToken"] = nil
            result[device.spec.profile.name] = .object(document)
        }
        return result
    }

    @Test("every corpus case is rejected with its AWS code or ignored, and changes nothing")
    func replayCorpus() async throws {
        let cases = try BadInputCorpus.cases()
        #expect(cases.count >= 200)
        #expect(Set(cases.map(\.kind)).count >= 10)

        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let definition = try FleetDefinition.load(contentsOf: FleetIntegrationTests.household)
        let clock = SimulationClock(mode: .manual, startTime: EngineFixtures.monday0600)
        let fleet = try Fleet(configuration: FleetConfiguration(definition: definition, broker: try MQTTBrokerURL(broker.url), clock: clock,
                                                                controlTopics: true))
        #expect(Set(fleet.devices.map(\.spec.profile.product)).count == 4)
        let things = Dictionary(uniqueKeysWithValues: fleet.devices.map { ($0.spec.profile.name, $0.thingName) })

        // Listening before the fleet starts, so that the devices' first reports are seen to settle.
        let session = MQTTSession(configuration: MQTTConfiguration(broker: try MQTTBrokerURL(broker.url), clientID: "bad-input-replay"))
        try await session.connect()
        let inbox = Inbox()
        // `#` does not match topics that start with `$`: the shadow topics need their own filter.
        let hatch = try await session.subscribe("#", qos: .atLeastOnce)
        let aws = try await session.subscribe("$aws/things/#", qos: .atLeastOnce)
        let listeners = [hatch, aws].map { subscription in Task { for await message in subscription { await inbox.append(message) } } }
        defer { listeners.forEach { $0.cancel() } }
        try await fleet.start()
        try await Self.waitForFirstReports(of: Array(things.values), in: inbox)

        let wireBefore = try await Self.wireDocuments(fleet, session: session, inbox: inbox)
        let before = await Self.snapshot(fleet)
        var failures: [String] = []
        var replayed = 0
        for testCase in cases {
            let problems = try await Self.replay(testCase, on: session, inbox: inbox, things: things)
            failures += problems.map { "\(testCase.id) [\(testCase.kind) on \(testCase.topic)]: \($0)" }
            let after = await Self.snapshot(fleet)
            for (name, snapshot) in after where snapshot != before[name] {
                failures.append("\(testCase.id): device \(name) changed (version \(before[name]?.document.version ?? -1) → \(snapshot.document.version))")
            }
            replayed += 1
        }
        #expect(replayed == cases.count)
        #expect(failures.isEmpty, "\(failures.count) failing cases:\n\(failures.joined(separator: "\n"))")

        // The full documents on the wire are unchanged too, and every device is still online.
        let wireAfter = try await Self.wireDocuments(fleet, session: session, inbox: inbox)
        #expect(wireAfter == wireBefore)
        for device in fleet.devices { #expect(await device.isOnline, "\(device.spec.profile.name) went offline") }

        // A good update, a good record request and a good control request still work.
        let nursery = try #require(fleet.device("Nursery"))
        let shadow = Topics.Shadow(nursery.thingName)
        let wanted = !(await nursery.reportedState.nightlightOn ?? false)
        var start = await inbox.count
        try await session.publish(shadow.update, payload: ShadowRequest.update(desired: ["nightlightOn": .bool(wanted)], clientToken: "good").jsonData,
                                  qos: .atLeastOnce)
        let accepted = try #require(await Self.firstReply(on: shadow.updateAccepted, after: start, in: inbox))
        #expect(try JSONValue(data: accepted.payload)["clientToken"] == "good")
        #expect(try JSONValue(data: accepted.payload)["version"]?.intValue == (before["Nursery"]?.document.version ?? 0) + 1)
        let deadline = ContinuousClock.now + .seconds(5)
        while await nursery.reportedState.nightlightOn != wanted, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await nursery.reportedState.nightlightOn == wanted)

        let routines = Topics.routines(nursery.thingName)
        start = await inbox.count
        let create = RecordRequest<Routine>(op: .create, item: Routine(id: 0, name: "After the corpus", type: .favorite,
                                                                        steps: [RoutineStep(sound: SoundState(id: 3, v: 1000))]), clientToken: "good-record")
        try await session.publish(routines.request, payload: create.jsonValue.jsonData, qos: .atLeastOnce)
        let recordReply = try #require(await Self.firstReply(on: routines.accepted, after: start, in: inbox))
        #expect(try JSONValue(data: recordReply.payload)["clientToken"] == "good-record")

        start = await inbox.count
        try await session.publish(Topics.fleetControl, payload: Data(#"{"status":true,"clientToken":"good-status"}"#.utf8), qos: .atLeastOnce)
        let status = try #require(await Self.firstReply(on: Topics.fleetControlReply, after: start, in: inbox))
        #expect(try JSONValue(data: status.payload)["ok"] == true)

        await session.disconnect()
        await fleet.stop()
    }
}

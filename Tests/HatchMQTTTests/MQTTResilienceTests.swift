import Foundation
import HatchMQTT
import HatchMosquittoBroker
import Testing

@Suite("MQTT will and reconnect", .timeLimit(.minutes(2)))
struct MQTTResilienceTests {
    private static func will(_ id: String) -> MQTTWill {
        MQTTWill(topic: "presence/\(id)", payload: "offline".data, qos: .atLeastOnce, retain: true)
    }

    @Test("the broker publishes the last will when a client dies without DISCONNECT")
    func lastWill() async throws {
        let broker = try await MosquittoBroker.start()
        let watcher = try await TestSession.make(broker)
        let presence = try await watcher.subscribe("presence/+")
        let device = try await TestSession.make(broker, id: "lamp-7", configure: {
            $0.will = Self.will("lamp-7")
            $0.reconnect = .disabled
        })
        await device.dropConnection()
        let wills = await presence.next(1)
        #expect(wills == [MQTTMessage(topic: "presence/lamp-7", payload: "offline".data, qos: .atLeastOnce, retain: false)])
        if case .disconnected(reason: .connectionLost) = device.connectionState {} else {
            Issue.record("expected connectionLost, got \(device.connectionState)")
        }
    }

    @Test("a clean disconnect does not publish the will")
    func cleanDisconnect() async throws {
        let broker = try await MosquittoBroker.start()
        let watcher = try await TestSession.make(broker)
        let presence = try await watcher.subscribe("presence/#")
        let device = try await TestSession.make(broker, id: "lamp-8", configure: { $0.will = Self.will("lamp-8") })
        await device.disconnect()
        // A marker published after the disconnect: if a will had been published it would arrive first.
        try await watcher.publish("presence/marker", payload: "after".data, qos: .atLeastOnce)
        #expect(await presence.next(1).map(\.topic) == ["presence/marker"])
    }

    @Test("after the broker is killed and restarted, sessions reconnect, resubscribe and deliver queued QoS 1 publishes")
    func reconnect() async throws {
        let broker = try await MosquittoBroker.start()
        let fast = MQTTReconnectPolicy(initialDelay: .milliseconds(50), maximumDelay: .milliseconds(400))
        let subscriber = try await TestSession.make(broker, configure: { $0.reconnect = fast })
        let publisher = try await TestSession.make(broker, configure: { $0.reconnect = fast })
        let live = try await subscriber.subscribe("fleet/#")

        broker.kill()
        await publisher.waitUntilDisconnected()
        await subscriber.waitUntilDisconnected()
        // Made while disconnected: queued by the session, sent after the reconnect.
        let queued = Task { try await publisher.publish("fleet/queued", payload: "q".data, qos: .atLeastOnce, retain: true) }
        try await broker.restart()

        try await queued.value
        await publisher.wait(for: .connected)
        await subscriber.wait(for: .connected)
        // The retained copy proves the queued publish reached the restarted broker.
        let observer = try await TestSession.make(broker)
        let retained = try await observer.subscribe("fleet/queued")
        #expect(await retained.next(1).map(\.payloadString) == ["q"])

        // The subscriber's subscription was restored: keep publishing until one arrives.
        let pump = Task {
            while !Task.isCancelled {
                try await publisher.publish("fleet/live", payload: "l".data, qos: .atLeastOnce)
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        var restored = false
        for await message in live where message.topic == "fleet/live" {
            restored = true
            break
        }
        pump.cancel()
        #expect(restored)
    }

    @Test("a QoS 1 publish queued while the broker is down fails with a timeout error and is never sent")
    func queuedPublishTimeout() async throws {
        let broker = try await MosquittoBroker.start()
        let policy = MQTTReconnectPolicy(initialDelay: .milliseconds(50), maximumDelay: .milliseconds(200), queuedPublishTimeout: .milliseconds(300))
        let publisher = try await TestSession.make(broker, configure: { $0.reconnect = policy })
        broker.kill()
        await publisher.waitUntilDisconnected()
        await #expect(throws: MQTTError.publishTimedOut(topic: "late/topic", after: .milliseconds(300))) {
            try await publisher.publish("late/topic", payload: "x".data, qos: .atLeastOnce, retain: true)
        }
        try await broker.restart()
        await publisher.wait(for: .connected)
        let observer = try await TestSession.make(broker)
        _ = try await observer.subscribe("late/#")
        try await publisher.publish("late/marker", payload: "m".data, qos: .atLeastOnce, retain: true)
        let check = try await observer.subscribe("late/#")
        // Only the marker is retained: the timed-out publish never reached the broker.
        #expect(await check.next(1).map(\.topic) == ["late/marker"])
    }

    @Test("a cancelled QoS 1 publish waiting in the offline queue is dropped")
    func cancelQueued() async throws {
        let broker = try await MosquittoBroker.start()
        let publisher = try await TestSession.make(broker)
        broker.kill()
        await publisher.waitUntilDisconnected()
        let task = Task { try await publisher.publish("x/y", payload: Data(), qos: .atLeastOnce) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

@Suite("MQTT persistent sessions", .timeLimit(.minutes(1)))
struct MQTTPersistentSessionTests {
    @Test("a persistent session receives the QoS 1 messages published while it was away", arguments: [MQTTProtocolVersion.v311, .v5])
    func persistent(_ version: MQTTProtocolVersion) async throws {
        let broker = try await MosquittoBroker.start()
        let device = try await TestSession.make(broker, id: "sleepy-device", configure: {
            $0.cleanSession = false
            $0.protocolVersion = version
        })
        _ = try await device.subscribe("inbox/sleepy", qos: .atLeastOnce)
        await device.disconnect()

        let sender = try await TestSession.make(broker)
        try await sender.publish("inbox/sleepy", payload: "while you slept".data, qos: .atLeastOnce)

        let back = try await TestSession.make(broker, id: "sleepy-device", configure: {
            $0.cleanSession = false
            $0.protocolVersion = version
        }, connect: false)
        let inbox = try back.prepareSubscription("inbox/sleepy")
        try await back.connect()
        #expect(await inbox.next(1).map(\.payloadString) == ["while you slept"])
    }

    @Test("one subscription to several filters receives what the session kept for each of them, and what follows")
    func severalFiltersInOneStream() async throws {
        let broker = try await MosquittoBroker.start()
        let device = try await TestSession.make(broker, id: "two-inboxes", configure: { $0.cleanSession = false })
        _ = try await device.subscribe("shadow/sleepy/+", qos: .atLeastOnce)
        _ = try await device.subscribe("records/sleepy/request", qos: .atLeastOnce)
        await device.disconnect()

        let sender = try await TestSession.make(broker)
        try await sender.publish("shadow/sleepy/update", payload: "kept 1".data, qos: .atLeastOnce)
        try await sender.publish("records/sleepy/request", payload: "kept 2".data, qos: .atLeastOnce)

        let back = try await TestSession.make(broker, id: "two-inboxes", configure: { $0.cleanSession = false }, connect: false)
        let inbox = try back.prepareSubscription(filters: ["shadow/sleepy/+", "records/sleepy/request"])
        #expect(throws: MQTTError.self) { try back.prepareSubscription(filters: ["ok/+", "bad/#/filter"]) }
        #expect(throws: MQTTError.self) { try back.prepareSubscription(filters: []) }
        try await back.connect()
        #expect(Set(await inbox.next(2).map(\.payloadString)) == ["kept 1", "kept 2"])
        try await sender.publish("records/sleepy/request", payload: "live 1".data, qos: .atLeastOnce)
        try await sender.publish("shadow/sleepy/get", payload: "live 2".data, qos: .atLeastOnce)
        try await sender.publish("elsewhere/sleepy", payload: "not for it".data, qos: .atLeastOnce)
        #expect(await inbox.next(2).map(\.payloadString) == ["live 1", "live 2"])
    }

    @Test("filters asked for together at connect are each granted, at the QoS each asked for")
    func filtersAskedForTogether() async throws {
        let broker = try await MosquittoBroker.start()
        let session = try await TestSession.make(broker, id: "together", connect: false)
        // Prepared before CONNACK: sent at connect, one SUBSCRIBE per QoS with every filter of it.
        let first = try session.prepareSubscription("together/one", qos: .atLeastOnce)
        let second = try session.prepareSubscription("together/two", qos: .atMostOnce)
        let third = try session.prepareSubscription("together/+/three", qos: .atLeastOnce)
        let fourth = try session.prepareSubscription("together/four", qos: .atLeastOnce)
        try await session.connect()
        let sender = try await TestSession.make(broker)
        for topic in ["together/one", "together/two", "together/x/three", "together/four"] {
            try await sender.publish(topic, payload: topic.data, qos: .atLeastOnce)
        }
        let received = [await first.next(1), await second.next(1), await third.next(1), await fourth.next(1)]
        #expect(received.map { $0.map(\.payloadString) } == [["together/one"], ["together/two"], ["together/x/three"], ["together/four"]])
        #expect(received.map { $0.map(\.qos) } == [[.atLeastOnce], [.atMostOnce], [.atLeastOnce], [.atLeastOnce]])
    }

    @Test("a handler for several filters gets what the session kept, then what follows, in order, and nil once at the end")
    func severalFiltersInOneHandler() async throws {
        let broker = try await MosquittoBroker.start()
        let device = try await TestSession.make(broker, id: "handled-inbox", configure: { $0.cleanSession = false })
        _ = try await device.subscribe("shadow/handled/+", qos: .atLeastOnce)
        _ = try await device.subscribe("records/handled/request", qos: .atLeastOnce)
        await device.disconnect()
        let sender = try await TestSession.make(broker)
        try await sender.publish("shadow/handled/update", payload: "kept 1".data, qos: .atLeastOnce)
        try await sender.publish("records/handled/request", payload: "kept 2".data, qos: .atLeastOnce)

        let (arrivals, continuation) = AsyncStream.makeStream(of: String.self)
        let back = try await TestSession.make(broker, id: "handled-inbox", configure: { $0.cleanSession = false }, connect: false)
        #expect(throws: MQTTError.self) { try back.prepareSubscription(filters: ["ok/+", "bad/#/filter"]) { _ in } }
        #expect(throws: MQTTError.self) { try back.prepareSubscription(filters: []) { _ in } }
        try back.prepareSubscription(filters: ["shadow/handled/+", "records/handled/request"]) { message in
            continuation.yield(message?.payloadString ?? "<end>")
        }
        try await back.connect()
        var iterator = arrivals.makeAsyncIterator()
        var kept: Set<String> = []
        for _ in 0..<2 { if let next = await iterator.next() { kept.insert(next) } }
        #expect(kept == ["kept 1", "kept 2"])
        try await sender.publish("records/handled/request", payload: "live 1".data, qos: .atLeastOnce)
        try await sender.publish("shadow/handled/get", payload: "live 2".data, qos: .atLeastOnce)
        try await sender.publish("elsewhere/handled", payload: "not for it".data, qos: .atLeastOnce)
        try await sender.publish("shadow/handled/delete", payload: "live 3".data, qos: .atLeastOnce)
        var live: [String] = []
        for _ in 0..<3 { if let next = await iterator.next() { live.append(next) } }
        #expect(live == ["live 1", "live 2", "live 3"])
        // Two filters end with the connection; the handler hears of it once.
        await back.disconnect()
        continuation.yield("<after>")
        var rest: [String] = []
        for _ in 0..<2 { if let next = await iterator.next() { rest.append(next) } }
        #expect(rest == ["<end>", "<after>"])
    }

    @Test("releasing a session disconnects it cleanly: no will")
    func releaseIsClean() async throws {
        let broker = try await MosquittoBroker.start()
        let watcher = try await TestSession.make(broker)
        let presence = try await watcher.subscribe("presence/#")
        var device: MQTTSession? = try await TestSession.make(broker, id: "released-device", configure: {
            $0.will = MQTTWill(topic: "presence/released", payload: "offline".data)
        })
        try await device?.publish("presence/released", payload: "online".data, qos: .atLeastOnce)
        device = nil
        // Wait until the broker has seen the connection end, however it ended.
        while !["Client released-device disconnected", "Client released-device closed its connection",
                "Socket error on client released-device"].contains(where: broker.log.contains) {
            try await Task.sleep(for: .milliseconds(20))
        }
        try await watcher.publish("presence/marker", payload: "after".data, qos: .atLeastOnce)
        #expect(await presence.next(2).map(\.payloadString) == ["online", "after"])
    }
}

import Foundation
import HatchMQTT
import HatchMosquittoBroker
import Synchronization
import Testing

@Suite("MQTT publish and subscribe", .timeLimit(.minutes(1)))
struct MQTTPublishSubscribeTests {
    @Test("QoS 0, 1 and 2 publishes arrive in order with their QoS", arguments: [MQTTQoS.atMostOnce, .atLeastOnce, .exactlyOnce])
    func qos(_ qos: MQTTQoS) async throws {
        let broker = try await MosquittoBroker.start()
        let subscriber = try await TestSession.make(broker)
        let publisher = try await TestSession.make(broker)
        let subscription = try await subscriber.subscribe("sensors/temperature", qos: qos)
        #expect(subscription.grantedQoS == qos)
        for index in 0..<50 {
            try await publisher.publish("sensors/temperature", payload: "\(index)".data, qos: qos)
        }
        let received = await subscription.next(50)
        #expect(received.map(\.payloadString) == (0..<50).map { "\($0)" })
        #expect(received.allSatisfy { $0.qos == qos && $0.topic == "sensors/temperature" && !$0.retain })
    }

    @Test("a session with many filters (routed through its filter index) delivers each message to exactly the filters that match")
    func manyFiltersRouteThroughTheIndex() async throws {
        let broker = try await MosquittoBroker.start()
        let subscriber = try await TestSession.make(broker)
        let publisher = try await TestSession.make(broker)
        // Forty devices, as a dashboard follows them: more filters than a session tries one by one.
        var exact: [MQTTSubscription] = []
        for device in 0..<40 { exact.append(try await subscriber.subscribe("things/d\(device)/state", qos: .atLeastOnce)) }
        let wildcard = try await subscriber.subscribe("things/+/state", qos: .atLeastOnce)
        let subtree = try await subscriber.subscribe("things/d7/#", qos: .atLeastOnce)
        for device in [7, 31] {
            try await publisher.publish("things/d\(device)/state", payload: "\(device)".data, qos: .atLeastOnce)
        }
        try await publisher.publish("things/d7", payload: "parent".data, qos: .atLeastOnce)
        #expect(await exact[7].next(1).map(\.payloadString) == ["7"])
        #expect(await exact[31].next(1).map(\.payloadString) == ["31"])
        #expect(await wildcard.next(2).map(\.payloadString) == ["7", "31"])
        // `level/#` matches its parent level too.
        #expect(await subtree.next(2).map(\.payloadString) == ["7", "parent"])
    }

    @Test("QoS 0 without waiting: queued before it returns, in order, and refused when not connected")
    func publishWithoutWaiting() async throws {
        let broker = try await MosquittoBroker.start()
        let subscriber = try await TestSession.make(broker)
        let publisher = try await TestSession.make(broker)
        let subscription = try await subscriber.subscribe("devices/reports", qos: .atMostOnce)
        for index in 0..<20 {
            #expect(try publisher.publishWithoutWaiting("devices/reports", payload: "\(index)".data))
        }
        try await publisher.waitForQueuedMessages()
        #expect(await subscription.next(20).map(\.payloadString) == (0..<20).map { "\($0)" })
        #expect(throws: MQTTError.invalidTopic("devices/+")) { try publisher.publishWithoutWaiting("devices/+", payload: "x".data) }
        await publisher.disconnect()
        #expect(throws: MQTTError.notConnected) { try publisher.publishWithoutWaiting("devices/reports", payload: "late".data) }
    }

    @Test("QoS 0 messages published with `more` leave with the next one, even when the next one is refused")
    func publishWithMoreFollowing() async throws {
        let broker = try await MosquittoBroker.start()
        let subscriber = try await TestSession.make(broker)
        let publisher = try await TestSession.make(broker)
        let subscription = try await subscriber.subscribe("batch/#", qos: .atMostOnce)
        _ = try publisher.publishWithoutWaiting("batch/accepted", payload: "1".data, more: true)
        _ = try publisher.publishWithoutWaiting("batch/documents", payload: "2".data)
        _ = try publisher.publishWithoutWaiting("batch/accepted", payload: "3".data, more: true)
        #expect(throws: MQTTError.invalidTopic("batch/+")) { try publisher.publishWithoutWaiting("batch/+", payload: "x".data) }
        let received = await subscription.next(3)
        #expect(received.map(\.payloadString) == ["1", "2", "3"])
        #expect(received.map(\.topic) == ["batch/accepted", "batch/documents", "batch/accepted"])
        #expect(publisher.unsentQoS0Messages == 0)
    }

    @Test("QoS 0 packets of every length-field size arrive byte for byte, retained or not, in order among QoS 1 publishes")
    func qos0PacketEncoding() async throws {
        let broker = try await MosquittoBroker.start()
        let subscriber = try await TestSession.make(broker)
        let publisher = try await TestSession.make(broker)
        let subscription = try await subscriber.subscribe("sizes/#", qos: .atLeastOnce)
        // Remaining lengths around each boundary of MQTT's variable-length field (1, 2 and 3 bytes; 4 bytes past 2 MB).
        let topic = "sizes/x"
        let overhead = 2 + topic.utf8.count
        let sizes = [0, 1, 126 - overhead, 127 - overhead, 128 - overhead, 16_383 - overhead, 16_384 - overhead,
                     2_097_151 - overhead, 2_097_152 - overhead]
        var expected: [Data] = []
        for (index, size) in sizes.enumerated() {
            let payload = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) })
            expected.append(payload)
            _ = try publisher.publishWithoutWaiting(topic, payload: payload)
            // A QoS 1 publish between them keeps its place.
            let marker = Data("qos1-\(index)".utf8)
            expected.append(marker)
            try await publisher.publish(topic, payload: marker, qos: .atLeastOnce)
        }
        let received = await subscription.next(expected.count)
        #expect(received.map(\.payload) == expected)
        #expect(received.enumerated().allSatisfy { $0.element.qos == ($0.offset % 2 == 0 ? .atMostOnce : .atLeastOnce) })
        // A retained QoS 0 message is kept by the broker and flagged for a later subscriber.
        _ = try publisher.publishWithoutWaiting("sizes/retained", payload: "kept".data, retain: true)
        try await publisher.waitForQueuedMessages()
        #expect(await subscription.next(1).map(\.payloadString) == ["kept"])
        let late = try await TestSession.make(broker)
        let lateSubscription = try await late.subscribe("sizes/retained", qos: .atMostOnce)
        let retained = await lateSubscription.next(1)
        #expect(retained.map(\.payloadString) == ["kept"] && retained.first?.retain == true)
    }

    @Test("a QoS 0 publisher past its queue limit is told to slow down, and woken once the queue has drained to half")
    func backedUpPublisherWaitsForTheDrain() async throws {
        let broker = try await MosquittoBroker.start()
        let subscriber = try await TestSession.make(broker)
        let publisher = try await TestSession.make(broker, configure: { $0.qos0QueueLimit = 4 })
        let subscription = try await subscriber.subscribe("devices/burst", qos: .atMostOnce)
        let payload = Data(repeating: 0x61, count: 128 * 1024)
        for _ in 0..<2 {
            // A frozen broker reads nothing, so the socket's buffers fill and messages queue behind them.
            broker.suspend()
            var slowDowns = 0
            for _ in 0..<100 where try !publisher.publishWithoutWaiting("devices/burst", payload: payload) { slowDowns += 1 }
            #expect(slowDowns > 0)
            #expect(publisher.unsentQoS0Messages > 4)
            broker.resume()
            try await publisher.waitForQueuedMessages()
            #expect(publisher.unsentQoS0Messages <= 2)
        }
        #expect(await subscription.next(200).count == 200)
        // A publisher whose connection ended does not wait.
        _ = try publisher.publishWithoutWaiting("devices/burst", payload: payload)
        await publisher.disconnect()
        try await publisher.waitForQueuedMessages()
    }

    @Test("a retained message reaches a subscriber that arrives later, flagged as retained")
    func retained() async throws {
        let broker = try await MosquittoBroker.start()
        let publisher = try await TestSession.make(broker)
        try await publisher.publish("devices/lamp/presence", payload: "online".data, qos: .atLeastOnce, retain: true)
        let late = try await TestSession.make(broker)
        let subscription = try await late.subscribe("devices/+/presence")
        let first = await subscription.next(1)
        #expect(first == [MQTTMessage(topic: "devices/lamp/presence", payload: "online".data, qos: .atLeastOnce, retain: true)])
    }

    @Test("+ and # filters route each message to every matching local subscription")
    func wildcards() async throws {
        let broker = try await MosquittoBroker.start()
        let session = try await TestSession.make(broker)
        let plus = try await session.subscribe("home/+/light")
        let hash = try await session.subscribe("office/#")
        let publisher = try await TestSession.make(broker)
        for topic in ["home/kitchen/light", "home/kitchen/fan", "office/desk/lamp/state", "office", "home/hall/light"] {
            try await publisher.publish(topic, payload: topic.data, qos: .atLeastOnce)
        }
        #expect(await plus.next(2).map(\.topic) == ["home/kitchen/light", "home/hall/light"])
        #expect(await hash.next(2).map(\.topic) == ["office/desk/lamp/state", "office"])
    }

    @Test("unsubscribe ends the subscription's sequence")
    func unsubscribe() async throws {
        let broker = try await MosquittoBroker.start()
        let session = try await TestSession.make(broker)
        let subscription = try await session.subscribe("a/b")
        try await session.unsubscribe("a/b")
        try await session.publish("a/b", payload: "late".data, qos: .atLeastOnce)
        #expect(await subscription.next(1).isEmpty)
    }

    @Test("invalid topics and filters are rejected before anything is sent")
    func validation() async throws {
        let broker = try await MosquittoBroker.start()
        let session = try await TestSession.make(broker)
        await #expect(throws: MQTTError.invalidTopic("a/+/b")) {
            try await session.publish("a/+/b", payload: Data())
        }
        await #expect(throws: MQTTError.invalidFilter("a/#/b")) {
            _ = try await session.subscribe("a/#/b")
        }
    }

    @Test("publishing while never connected fails with notConnected")
    func notConnected() async throws {
        let broker = try await MosquittoBroker.start()
        let session = try await TestSession.make(broker, connect: false)
        await #expect(throws: MQTTError.notConnected) {
            try await session.publish("x", payload: Data(), qos: .atMostOnce)
        }
        await #expect(throws: MQTTError.notConnected) {
            try await session.publish("x", payload: Data(), qos: .atLeastOnce)
        }
    }
}

@Suite("MQTT bad input", .timeLimit(.minutes(1)))
struct MQTTBadInputTests {
    @Test("a payload larger than MQTT allows is refused with an error, not a crash", arguments: [MQTTQoS.atMostOnce, .atLeastOnce])
    func oversizedPayload(_ qos: MQTTQoS) async throws {
        let broker = try await MosquittoBroker.start()
        let session = try await TestSession.make(broker)
        let tooLarge = Data(count: 268_435_456)
        await #expect(throws: MQTTError.self) {
            try await session.publish("big", payload: tooLarge, qos: qos)
        }
        #expect(session.connectionState == .connected)
    }

    @Test("an out-of-range port fails connect with an error")
    func badPort() async throws {
        let session = MQTTSession(configuration: .init(broker: MQTTBrokerURL(host: "127.0.0.1", port: 70_000), clientID: "p"))
        await #expect(throws: MQTTError.self) { try await session.connect() }
    }
}

@Suite("MQTT QoS 0 flow control", .timeLimit(.minutes(3)))
struct MQTTFlowControlTests {
    @Test("QoS 0 publishes wait when the broker stops reading, so the queue stays within the limit")
    func backpressure() async throws {
        let broker = try await MosquittoBroker.start()
        let limit = 500
        // A long keep-alive: on a loaded machine the resumed broker may take longer than 30 s to read the
        // flood, and the ping that keeps the session alive waits behind it (the receiver's too, whose
        // pings go unanswered while the broker is stopped). An event loop of its own: 32 MiB through the
        // loop that every other suite's sessions share would wait behind all of them.
        let loop = MQTTEventLoop(threads: 1)
        let session = try await TestSession.make(broker, eventLoop: loop, configure: {
            $0.qos0QueueLimit = limit
            $0.keepAlive = .seconds(300)
        })
        let receiver = try await TestSession.make(broker, eventLoop: loop, configure: { $0.keepAlive = .seconds(300) })
        let last = try await receiver.subscribe("flood/last")
        broker.suspend()
        // 8,000 × 4 KiB = 32 MiB, several times what the loopback socket buffers hold.
        let total = 8_000
        let payload = Data(count: 4096)
        let published = Atomic<Int>(0)
        let flood = Task {
            for _ in 0..<total {
                try await session.publish("flood/bulk", payload: payload)
                published.add(1, ordering: .relaxed)
            }
        }
        // Samples for a second of real time, and at least until the flood has queued something: not a
        // count of sleeps, since on a machine busy with other suites each wake-up can wait a second.
        var peak = 0
        let sampleUntil = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < sampleUntil || peak == 0 {
            peak = max(peak, session.unsentQoS0Messages)
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(peak > 0)
        #expect(peak <= limit + 1)
        #expect(published.load(ordering: .relaxed) < total)
        broker.resume()
        try await flood.value
        try await session.publish("flood/last", payload: "done".data, qos: .atLeastOnce)
        #expect(await last.next(1).map(\.payloadString) == ["done"])
    }
}

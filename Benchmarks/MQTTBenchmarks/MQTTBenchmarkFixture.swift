import Foundation
import HatchMQTT
import HatchMosquittoBroker
import MQTTCBaseline

/// The broker and connected clients the MQTT benchmarks share, set up once per process.
final class MQTTBenchmarkFixture: @unchecked Sendable {
    static let topic = "bench/qos0"
    static let payload = Data(repeating: 0x5A, count: 64)
    static let messagesPerIteration = 1_000

    let broker: MosquittoBroker
    let publisher: MQTTSession
    let receiver: MQTTSession
    var roundTrips: AsyncStream<MQTTMessage>.Iterator
    let cClient: OpaquePointer
    let cClientWithoutSocketPair: OpaquePointer

    private init(broker: MosquittoBroker) async throws {
        self.broker = broker
        let url = try MQTTBrokerURL(broker.url)
        publisher = MQTTSession(configuration: .init(broker: url, clientID: "bench-publisher"))
        receiver = MQTTSession(configuration: .init(broker: url, clientID: "bench-receiver"))
        try await publisher.connect()
        try await receiver.connect()
        roundTrips = try await receiver.subscribe("bench/rtt", qos: .atLeastOnce).makeAsyncIterator()
        guard let plain = hatch_c_connect("127.0.0.1", Int32(broker.port), "bench-c", false),
              let released = hatch_c_connect("127.0.0.1", Int32(broker.port), "bench-c-released", true) else {
            throw MQTTError.connectionRefused(host: "127.0.0.1", port: broker.port)
        }
        cClient = plain
        cClientWithoutSocketPair = released
    }

    nonisolated(unsafe) private static var current: MQTTBenchmarkFixture?

    /// The shared fixture, created on first use.
    static func shared() async throws -> MQTTBenchmarkFixture {
        if let current { return current }
        let fixture = try await MQTTBenchmarkFixture(broker: MosquittoBroker.start())
        current = fixture
        return fixture
    }

    /// Closes the shared fixture's clients and stops its broker (``MQTTBenchmarks`` runs it after each
    /// benchmark): the process may end next, and a broker must not outlive it. The next benchmark
    /// that needs one starts a fresh fixture.
    static func stopShared() async {
        guard let fixture = current else { return }
        current = nil
        hatch_c_disconnect(fixture.cClient)
        hatch_c_disconnect(fixture.cClientWithoutSocketPair)
        await fixture.publisher.disconnect()
        await fixture.receiver.disconnect()
        fixture.broker.stop()
    }

    /// One burst through the C baseline.
    func cBurst(releasedSocketPair: Bool) {
        let client = releasedSocketPair ? cClientWithoutSocketPair : cClient
        let rc = Self.payload.withUnsafeBytes { bytes in
            hatch_c_publish_burst(client, Self.topic, bytes.baseAddress, Int32(bytes.count), Int32(Self.messagesPerIteration))
        }
        precondition(rc == 0, "C baseline publish failed")
    }

    /// One burst through HatchMQTT: QoS 0 messages, then a QoS 1 fence acknowledged after all of them.
    func swiftBurst() async throws {
        for _ in 0..<Self.messagesPerIteration {
            try await publisher.publish(Self.topic, payload: Self.payload, qos: .atMostOnce)
        }
        try await publisher.publish(Self.topic, payload: Self.payload, qos: .atLeastOnce)
    }

    /// One QoS 1 publish and its delivery back through the broker.
    func roundTrip() async throws {
        try await publisher.publish("bench/rtt", payload: Self.payload, qos: .atLeastOnce)
        guard await roundTrips.next() != nil else { throw MQTTError.sessionClosed }
    }
}

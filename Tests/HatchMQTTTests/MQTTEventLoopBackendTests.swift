import Foundation
import HatchMQTT
import HatchMosquittoBroker
import Testing

@Suite("MQTT event loop backends", .timeLimit(.minutes(1)))
struct MQTTEventLoopBackendTests {
    @Test("HATCH_MQTT_EVENT_LOOP: unset or empty is the platform default, poll and epoll select, anything else is an error")
    func resolvingTheVariable() {
        #expect(MQTTEventLoopBackend.resolve(nil) == .success(.platformDefault))
        #expect(MQTTEventLoopBackend.resolve(" ") == .success(.platformDefault))
        #expect(MQTTEventLoopBackend.resolve("poll") == .success(.poll))
        #expect(MQTTEventLoopBackend.resolve("POLL") == .success(.poll))
        #expect(MQTTEventLoopBackend.resolve("kqueue") == .failure(.unknown("kqueue")))
        #if os(Linux)
        #expect(MQTTEventLoopBackend.platformDefault == .epoll)
        #expect(MQTTEventLoopBackend.resolve("epoll") == .success(.epoll))
        #else
        #expect(MQTTEventLoopBackend.platformDefault == .poll)
        #expect(MQTTEventLoopBackend.resolve("epoll") == .failure(.unavailable(.epoll)))
        #endif
        #expect(MQTTEventLoopBackend.fromEnvironment(["HATCH_MQTT_EVENT_LOOP": "poll"]) == .poll)
        #expect(MQTTEventLoopBackend.fromEnvironment(["HATCH_MQTT_EVENT_LOOP": "select"]) == .platformDefault)
        #expect(MQTTEventLoopBackend.fromEnvironment([:]) == .platformDefault)
        #expect("\(MQTTEventLoopBackendError.unknown("select"))".contains("HATCH_MQTT_EVENT_LOOP=select names no event loop backend"))
    }

    @Test("a loop created without a backend uses the one HATCH_MQTT_EVENT_LOOP names, and a session connects, publishes and receives through it")
    func environmentSelectsTheLoop() async throws {
        let variable = ProcessInfo.processInfo.environment[MQTTEventLoopBackend.environmentVariable]
        let loop = MQTTEventLoop(threads: 1)
        if variable == "poll" {
            #expect(loop.backend == .poll)
            #expect(MQTTEventLoop.shared.backend == .poll)
        } else if variable == nil {
            #expect(loop.backend == .platformDefault)
        }
        try await roundTrip(on: loop)
    }

    @Test("each backend connects, subscribes, carries QoS 0, 1 and 2 both ways, and disconnects", arguments: MQTTEventLoopBackend.allCases.filter(\.isAvailable))
    func explicitBackend(_ backend: MQTTEventLoopBackend) async throws {
        let loop = MQTTEventLoop(threads: 2, backend: backend)
        #expect(loop.backend == backend)
        try await roundTrip(on: loop)
    }

    /// Two sessions on `loop`: QoS 1 and 2 round trips, then a burst of 2,000 QoS 0 messages (so write
    /// interest is armed and disarmed many times), then a clean disconnect.
    private func roundTrip(on loop: MQTTEventLoop) async throws {
        let broker = try await MosquittoBroker.start()
        let url = try MQTTBrokerURL(broker.url)
        let subscriber = MQTTSession(configuration: .init(broker: url, clientID: "backend-sub-\(UUID().uuidString.prefix(8))"), eventLoop: loop)
        let publisher = MQTTSession(configuration: .init(broker: url, clientID: "backend-pub-\(UUID().uuidString.prefix(8))"), eventLoop: loop)
        try await subscriber.connect()
        try await publisher.connect()
        let subscription = try await subscriber.subscribe("backend/+", qos: .exactlyOnce)
        try await publisher.publish("backend/one", payload: "1".data, qos: .atLeastOnce)
        try await publisher.publish("backend/two", payload: "2".data, qos: .exactlyOnce)
        #expect(await subscription.next(2).map(\.payloadString) == ["1", "2"])
        for index in 0..<2_000 {
            _ = try publisher.publishWithoutWaiting("backend/burst", payload: "\(index)".data)
        }
        try await publisher.waitForQueuedMessages()
        #expect(await subscription.next(2_000).map(\.payloadString) == (0..<2_000).map { "\($0)" })
        await publisher.disconnect()
        await subscriber.disconnect()
        #expect(publisher.connectionState == .disconnected(reason: .clientRequested))
        broker.stop()
    }
}

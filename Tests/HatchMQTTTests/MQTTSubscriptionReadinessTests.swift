import Foundation
import HatchMQTT
import HatchMosquittoBroker
import Testing

/// `waitForSubscriptions()`: what "ready" means for a session whose subscriptions were registered
/// before it connected. Once it returns, the broker holds every subscription; a refused filter says so.
@Suite("MQTT subscriptions granted before ready", .timeLimit(.minutes(1)))
struct MQTTSubscriptionReadinessTests {
    @Test("after prepareSubscription, connect and waitForSubscriptions, a message another client publishes at once arrives, every time",
          arguments: [1, 3, 12])
    func readyMeansSubscribed(filters count: Int) async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let publisher = try await TestSession.make(broker)
        for round in 0..<20 {
            let subscriber = try await TestSession.make(broker, connect: false)
            let filters = (0..<count).map { "ready/\(round)/\($0)" }
            let subscription = try subscriber.prepareSubscription(filters: filters, qos: .atLeastOnce)
            try await subscriber.connect()
            try await subscriber.waitForSubscriptions()
            // Published by another connection right away: it reaches the subscriber only if the
            // broker already processed its SUBSCRIBE.
            try await publisher.publish(filters[count - 1], payload: "hello \(round)".data, qos: .atLeastOnce)
            let received = await subscription.next(1)
            #expect(received.map(\.payloadString) == ["hello \(round)"], "round \(round)")
            await subscriber.disconnect()
        }
    }

    @Test("with nothing to subscribe to, a connected session is ready at once; a session that never connected is not")
    func nothingToWaitFor() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let connected = try await TestSession.make(broker)
        try await connected.waitForSubscriptions()
        let idle = try await TestSession.make(broker, connect: false)
        await #expect(throws: MQTTError.notConnected) { try await idle.waitForSubscriptions() }
    }

    @Test("a filter the broker refuses (its dynamic-security plugin allows no subscription): waitForSubscriptions throws subscriptionRejected naming it")
    func refusedFilter() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-dynsec-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let policy = folder.appendingPathComponent("dynamic-security.json")
        try #"{"defaultACLAccess":{"publishClientSend":true,"publishClientReceive":true,"subscribe":false,"unsubscribe":true},"clients":[],"groups":[],"roles":[]}"#
            .write(to: policy, atomically: true, encoding: .utf8)
        var options = MosquittoBroker.Options()
        options.extraConfiguration = ["plugin \(try MosquittoExecutable.dynamicSecurityPlugin())", "plugin_opt_config_file \(policy.path)"]
        let broker = try await MosquittoBroker.start(options: options)
        defer { broker.stop() }
        let session = try await TestSession.make(broker, connect: false)
        _ = try session.prepareSubscription(filters: ["refused/b"], qos: .atLeastOnce)
        try await session.connect()
        await #expect(throws: MQTTError.subscriptionRejected(filter: "refused/b")) { try await session.waitForSubscriptions() }
        // Still connected and answering: the refusal is the subscription's, not the connection's.
        try await session.publish("refused/b", payload: "x".data, qos: .atLeastOnce)
        await session.disconnect()
    }
}

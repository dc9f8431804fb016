import Foundation
import HatchMQTT
import HatchMQTTLoadTest
import HatchMosquittoBroker
import Testing

@Suite("MQTT scale", .timeLimit(.minutes(3)))
struct MQTTScaleTests {
    @Test("2,000 sessions connect in one process, each receives its own message, then all disconnect")
    func twoThousandSessions() async throws {
        let count = 2_000
        let broker = try await MosquittoBroker.start()
        let loop = MQTTEventLoop(threads: 2)
        let url = try MQTTBrokerURL(broker.url)
        let sessions = (0..<count).map {
            MQTTSession(configuration: .init(broker: url, clientID: "scale-\($0)"), eventLoop: loop)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for session in sessions { group.addTask { try await session.connect() } }
            try await group.waitForAll()
        }
        #expect(sessions.allSatisfy { $0.connectionState == .connected })

        let subscriptions = try await withThrowingTaskGroup(of: (Int, MQTTSubscription).self) { group in
            for (index, session) in sessions.enumerated() {
                group.addTask { (index, try await session.subscribe("scale/\(index)/cmd")) }
            }
            return try await group.reduce(into: [Int: MQTTSubscription]()) { $0[$1.0] = $1.1 }
        }
        let commander = try await TestSession.make(broker)
        for index in 0..<count {
            try await commander.publish("scale/\(index)/cmd", payload: "\(index)".data, qos: .atLeastOnce)
        }
        let delivered = await withTaskGroup(of: Bool.self) { group in
            for (index, subscription) in subscriptions {
                group.addTask { await subscription.next(1).map(\.payloadString) == ["\(index)"] }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(delivered == count)
        await withTaskGroup(of: Void.self) { group in
            for session in sessions { group.addTask { await session.disconnect() } }
        }
        #expect(sessions.allSatisfy { $0.connectionState == .disconnected(reason: .clientRequested) })
    }

    @Test("10,000 sessions connect on each backend in the same run (times printed, not asserted)")
    func tenThousandSessionsOnEachBackend() async throws {
        for backend in MQTTEventLoopBackend.allCases where backend.isAvailable {
            let broker = try await MosquittoBroker.start()
            let loop = MQTTEventLoop(threads: 1, backend: backend)
            let (sessions, report) = await MQTTLoadTest.connectSessions(
                count: 10_000, broker: try MQTTBrokerURL(broker.url), clientIDPrefix: "scale-\(backend)", eventLoop: loop
            )
            print("10,000 sessions on the \(backend) backend: \(report)")
            #expect(report.connected == 10_000, "\(backend): \(report)")
            await withTaskGroup(of: Void.self) { group in
                for session in sessions { group.addTask { await session.disconnect() } }
            }
            broker.stop()
        }
    }
}

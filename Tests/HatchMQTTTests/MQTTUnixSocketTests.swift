import Foundation
import HatchMQTT
import HatchMQTTLoadTest
import HatchMosquittoBroker
import Testing

@Suite("MQTT over a Unix domain socket", .timeLimit(.minutes(2)))
struct MQTTUnixSocketTests {
    @Test("unix:///path parses to the socket's path and prints back")
    func parses() throws {
        let url = try MQTTBrokerURL("unix:///run/mosquitto/mqtt.sock")
        #expect(url.isUnixSocket && url.host == "/run/mosquitto/mqtt.sock" && url.port == 0 && !url.usesTLS)
        #expect(url.description == "unix:///run/mosquitto/mqtt.sock")
        #expect(try MQTTBrokerURL(url.description) == url)
        #expect(try !MQTTBrokerURL("mqtt://127.0.0.1:1883").isUnixSocket)
    }

    @Test("300 sessions connect at once through a listen queue of 10, and each gets its own message")
    func manyConnectsAtOnce() async throws {
        let count = 300
        let broker = try await MosquittoBroker.start(options: .init(unixSocket: true))
        let socketURL = try #require(broker.unixSocketURL)
        let url = try MQTTBrokerURL(socketURL)
        let (sessions, report) = await MQTTLoadTest.connectSessions(count: count, broker: url, clientIDPrefix: "unix",
                                                                    eventLoop: MQTTEventLoop(threads: 2))
        #expect(report.connected == count, "\(report)")
        #expect(sessions.allSatisfy { $0.connectionState == .connected })
        var subscriptions: [MQTTSubscription] = []
        for (index, session) in sessions.enumerated() {
            subscriptions.append(try await session.subscribe("unix/\(index)", qos: .atLeastOnce))
        }
        // A client on TCP reaches the same sessions: both listeners are one broker.
        let commander = MQTTSession(configuration: .init(broker: try MQTTBrokerURL(broker.url), clientID: "unix-commander"))
        try await commander.connect()
        for index in 0..<count {
            try await commander.publish("unix/\(index)", payload: Data("\(index)".utf8), qos: .atLeastOnce)
        }
        var delivered = 0
        for (index, subscription) in subscriptions.enumerated() where await subscription.next(1).map(\.payloadString) == ["\(index)"] {
            delivered += 1
        }
        #expect(delivered == count)
        await commander.disconnect()
        for session in sessions { await session.disconnect() }
    }

    @Test("the socket's listener asks for the same password, and a missing socket is refused by name")
    func passwordsAndMissingSocket() async throws {
        let broker = try await MosquittoBroker.start(options: .init(users: ["device": "right"], unixSocket: true))
        let url = try MQTTBrokerURL(try #require(broker.unixSocketURL))
        let wrong = MQTTSession(configuration: .init(broker: url, clientID: "intruder", credentials: .init(username: "device", password: "wrong")))
        let refused = await #expect(throws: MQTTError.self) { try await wrong.connect() }
        guard case .notAuthorized = refused else {
            Issue.record("expected notAuthorized, got \(String(describing: refused))")
            return
        }
        let right = MQTTSession(configuration: .init(broker: url, clientID: "device", credentials: .init(username: "device", password: "right")))
        try await right.connect()
        await right.disconnect()

        broker.stop()
        let missing = MQTTBrokerURL.unixSocket(url.host + ".gone")
        let lonely = MQTTSession(configuration: .init(broker: missing, clientID: "lonely"))
        let error = await #expect(throws: MQTTError.self) { try await lonely.connect() }
        #expect(error == .connectionRefused(host: missing.host, port: 0))
        #expect(error?.description.contains("the Unix socket \(missing.host)") == true)
    }
}

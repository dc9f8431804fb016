import Foundation
import HatchMQTT
import HatchMosquittoBroker
import Testing

@Suite("MQTT connection", .timeLimit(.minutes(1)))
struct MQTTConnectionTests {
    @Test("a wrong password is rejected as notAuthorized with a message about credentials")
    func wrongPassword() async throws {
        let broker = try await MosquittoBroker.start(options: .init(users: ["device": "right"]))
        let session = try await TestSession.make(broker, configure: {
            $0.credentials = MQTTCredentials(username: "device", password: "wrong")
        }, connect: false)
        let error = await #expect(throws: MQTTError.self) { try await session.connect() }
        guard case .notAuthorized = error else {
            Issue.record("expected notAuthorized, got \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("check the username and password") == true)
        #expect(session.connectionState == .disconnected(reason: .connectFailed(error!)))

        let good = try await TestSession.make(broker, configure: {
            $0.credentials = MQTTCredentials(username: "device", password: "right")
        })
        #expect(good.connectionState == .connected)
    }

    @Test("MQTT 5 reports a wrong password as notAuthorized too")
    func wrongPasswordV5() async throws {
        let broker = try await MosquittoBroker.start(options: .init(users: ["device": "right"]))
        let session = try await TestSession.make(broker, configure: {
            $0.credentials = MQTTCredentials(username: "device", password: "nope")
            $0.protocolVersion = .v5
        }, connect: false)
        let error = await #expect(throws: MQTTError.self) { try await session.connect() }
        guard case .notAuthorized = error else {
            Issue.record("expected notAuthorized, got \(String(describing: error))")
            return
        }
    }

    @Test("connecting where no broker listens names the host and port")
    func refused() async throws {
        let broker = try await MosquittoBroker.start()
        let port = broker.port
        broker.stop()
        let session = MQTTSession(configuration: .init(broker: try MQTTBrokerURL("mqtt://127.0.0.1:\(port)"), clientID: "lonely"))
        let error = await #expect(throws: MQTTError.self) { try await session.connect() }
        #expect(error == .connectionRefused(host: "127.0.0.1", port: port))
        #expect(error?.description.contains("127.0.0.1:\(port)") == true)
        #expect(error?.description.contains("no MQTT broker listens there") == true)
    }

    @Test("the state stream reports connecting, connected and a clean disconnect")
    func states() async throws {
        let broker = try await MosquittoBroker.start()
        let session = try await TestSession.make(broker, connect: false)
        let states = session.connectionStates
        try await session.connect()
        await session.disconnect()
        var seen: [MQTTConnectionState] = []
        for await state in states {
            seen.append(state)
            if state == .disconnected(reason: .clientRequested) { break }
        }
        #expect(seen == [.disconnected(reason: .neverConnected), .connecting, .connected, .disconnected(reason: .clientRequested)])
    }

    @Test("MQTT 5 sessions publish and subscribe")
    func version5() async throws {
        let broker = try await MosquittoBroker.start()
        let session = try await TestSession.make(broker, configure: { $0.protocolVersion = .v5 })
        let subscription = try await session.subscribe("v5/#", qos: .exactlyOnce)
        try await session.publish("v5/hello", payload: "hi".data, qos: .exactlyOnce)
        #expect(await subscription.next(1).map(\.payloadString) == ["hi"])
    }

    @Test("mutual TLS with a CA and certificates generated for the test")
    func tls() async throws {
        let pki = try TestCertificates.generate()
        let broker = try await MosquittoBroker.start(options: .init(tls: .init(
            caFile: pki.caFile, certificateFile: pki.serverCertificate, keyFile: pki.serverKey)))
        let session = try await TestSession.make(broker, tls: true, configure: {
            $0.tls = MQTTTLSConfiguration(caFile: pki.caFile, certificateFile: pki.clientCertificate, keyFile: pki.clientKey)
        })
        let subscription = try await session.subscribe("secure/#")
        try await session.publish("secure/ping", payload: "tls".data, qos: .atLeastOnce)
        #expect(await subscription.next(1).map(\.payloadString) == ["tls"])

        let anonymous = try await TestSession.make(broker, tls: true, configure: {
            $0.tls = MQTTTLSConfiguration(caFile: pki.caFile)
        }, connect: false)
        await #expect(throws: MQTTError.self) { try await anonymous.connect() }
    }

    @Test("a broker that requires a client certificate refuses a client without one with a TLS error that says so",
          arguments: [nil, "tlsv1.2", "tlsv1.3"])
    func clientCertificateRequired(tlsVersion: String?) async throws {
        let pki = try TestCertificates.generate()
        let broker = try await MosquittoBroker.start(options: .init(
            tls: .init(caFile: pki.caFile, certificateFile: pki.serverCertificate, keyFile: pki.serverKey),
            extraConfiguration: tlsVersion.map { ["tls_version \($0)"] } ?? []))
        let session = try await TestSession.make(broker, tls: true, configure: {
            $0.tls = MQTTTLSConfiguration(caFile: pki.caFile)
        }, connect: false)
        do {
            try await session.connect()
            Issue.record("a client without a certificate connected")
        } catch let error as MQTTError {
            #expect(error == .clientCertificateRequired(host: "127.0.0.1", port: try #require(broker.tlsPort)), "\(error)")
            #expect("\(error)".contains("requires a client certificate"), "\(error)")
        }

        // A client that does not trust the broker's certificate gets the other TLS error.
        let stranger = try TestCertificates.generate()
        let untrusting = try await TestSession.make(broker, tls: true, configure: {
            $0.tls = MQTTTLSConfiguration(caFile: stranger.caFile, certificateFile: pki.clientCertificate, keyFile: pki.clientKey)
        }, connect: false)
        do {
            try await untrusting.connect()
            Issue.record("a client that does not trust the broker connected")
        } catch let error as MQTTError {
            guard case .tlsFailed = error else { Issue.record("expected tlsFailed, got \(error)"); return }
        }
    }

    @Test("a missing TLS file is reported by connect as a configuration error")
    func missingTLSFile() async throws {
        let session = MQTTSession(configuration: .init(
            broker: try MQTTBrokerURL("mqtts://127.0.0.1:1"), clientID: "x",
            tls: MQTTTLSConfiguration(caFile: "/nonexistent/ca.pem")))
        await #expect(throws: MQTTError.invalidConfiguration("the TLS CA file '/nonexistent/ca.pem' does not exist or cannot be read")) {
            try await session.connect()
        }
    }
}

@Suite("MQTT keep-alive", .timeLimit(.minutes(1)))
struct MQTTKeepAliveTests {
    @Test("an idle session keeps its connection past 1.5 keep-alive intervals (the loop sends PINGREQs)")
    func idleSessionStaysConnected() async throws {
        let broker = try await MosquittoBroker.start()
        let session = try await TestSession.make(broker, configure: { $0.keepAlive = .seconds(5) })
        let states = session.connectionStates
        let changes = Task {
            var seen: [MQTTConnectionState] = []
            for await state in states { seen.append(state) }
            return seen
        }
        // Idle for longer than the broker's 1.5 × keep-alive limit (7.5 s).
        try await Task.sleep(for: .seconds(9))
        #expect(session.connectionState == .connected)
        let subscription = try await session.subscribe("still/here")
        try await session.publish("still/here", payload: "yes".data, qos: .atLeastOnce)
        #expect(await subscription.next(1).map(\.payloadString) == ["yes"])
        await session.disconnect()
        changes.cancel()
        #expect(await changes.value.prefix(2) == [.connected, .disconnected(reason: .clientRequested)])
    }
}

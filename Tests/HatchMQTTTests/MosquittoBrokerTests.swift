import Foundation
import HatchMosquittoBroker
import Testing

@Suite("MosquittoBroker")
struct MosquittoBrokerTests {
    @Test("starts on a free loopback port, restarts on the same port, and stops")
    func startRestartStop() async throws {
        let broker = try await MosquittoBroker.start()
        #expect(broker.url == "mqtt://127.0.0.1:\(broker.port)")
        #expect(broker.isRunning)
        broker.kill()
        #expect(!broker.isRunning)
        try await broker.restart()
        #expect(broker.isRunning)
        broker.stop()
        #expect(!broker.isRunning)
    }

    @Test("writes a password file and refuses anonymous clients")
    func passwordFile() async throws {
        let broker = try await MosquittoBroker.start(options: .init(users: ["device": "s3cret"]))
        let config = try String(contentsOf: broker.directory.appendingPathComponent("mosquitto.conf"), encoding: .utf8)
        #expect(config.contains("allow_anonymous false"))
        let passwords = try String(contentsOf: broker.directory.appendingPathComponent("passwords"), encoding: .utf8)
        #expect(passwords.hasPrefix("device:"))
        #expect(!passwords.contains("s3cret"))
    }
}

import Foundation
import HatchMosquittoBroker
import Testing

@Suite("MosquittoBroker", .timeLimit(.minutes(5)))
struct MosquittoBrokerTests {
    /// Longer than the default start-up wait, and still bounded: a heavy suite in the same process
    /// (thousands of sessions) can keep the machine and this process's task pool busy for a while.
    private static let startupTimeout = Duration.seconds(90)

    @Test("starts on a free loopback port, restarts on the same port, and stops")
    func startRestartStop() async throws {
        let broker = try await MosquittoBroker.start(options: .init(startupTimeout: Self.startupTimeout))
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
        let broker = try await MosquittoBroker.start(options: .init(users: ["device": "s3cret"], startupTimeout: Self.startupTimeout))
        let config = try String(contentsOf: broker.directory.appendingPathComponent("mosquitto.conf"), encoding: .utf8)
        #expect(config.contains("allow_anonymous false"))
        let passwords = try String(contentsOf: broker.directory.appendingPathComponent("passwords"), encoding: .utf8)
        #expect(passwords.hasPrefix("device:"))
        #expect(!passwords.contains("s3cret"))
    }
}

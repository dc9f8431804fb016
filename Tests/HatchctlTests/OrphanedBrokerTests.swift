import Foundation
import Testing

/// A private broker never outlives the `hatchctl fleet run` that started it, even one killed with
/// SIGKILL, which cannot stop it itself: the broker's watchdog does.
@Suite("fleet run: the private broker goes with its fleet", .timeLimit(.minutes(2)))
struct OrphanedBrokerTests {
    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    private func accepts(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    @Test("SIGKILL to fleet run: its private broker stops within seconds", arguments: [["--dev"], []])
    func brokerStopsAfterItsFleetIsKilled(_ arguments: [String]) async throws {
        let hatchctl = try Hatchctl()
        let fleet = try await FleetRunProcess.start(hatchctl, arguments)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fleet.recordFile)) as? [String: Any])
        let url = try #require((record["url"] as? String).flatMap(URLComponents.init(string:)))
        let port = try #require(url.port)
        #expect(accepts(port), "the broker at \(port) before the kill")
        fleet.process.signal(SIGKILL)
        fleet.process.waitUntilExit()
        // The watchdog looks once a second, then gives the broker a SIGTERM.
        let deadline = ContinuousClock.now + .seconds(10)
        while accepts(port), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!accepts(port), "the broker at \(port) still accepts connections 10 s after its fleet was killed")
    }
}

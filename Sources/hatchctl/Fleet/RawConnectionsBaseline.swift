import CMosquitto
import Foundation

/// The ceiling for any fleet of N devices on this machine: N plain libmosquitto clients on one
/// thread, each publishing pre-encoded QoS 0 messages of the fleet's average size in turn, with no
/// simulation and no Swift concurrency. Set beside the single raw publisher, it shows what the N
/// connections cost by themselves (the broker's work per message grows with them). Like HatchMQTT's
/// sessions, the clients drop libmosquitto's wake-up socket pair (3 descriptors per client would
/// not fit 10,000 clients in the usual limits, and it costs a write per publish).
enum RawConnectionsBaseline {
    /// Messages handed to the sockets during about `seconds`, the seconds it took, and the
    /// clients that connected (0 messages when none did).
    /// The clients connect from `sourceAddresses` in turn (none: the system chooses), as the fleet's devices do.
    static func run(host: String, port: Int, connections: Int, seconds: Double, payloadSize: Int, sourceAddresses: [String] = [],
                    progress: (Int) -> Void) -> (messages: Int, seconds: Double, connected: Int, failure: String?) {
        var clients: [OpaquePointer] = []
        clients.reserveCapacity(connections)
        defer { clients.forEach(RawClient.close) }
        var failure: String?
        for index in 0..<connections {
            do {
                let source = sourceAddresses.isEmpty ? nil : sourceAddresses[index % sourceAddresses.count]
                clients.append(try RawClient.connect(id: "bench-raw-\(index)", host: host, port: port, bindAddress: source,
                                                     releaseSocketPair: true).get())
            } catch {
                failure = "client \(index + 1): \(error)"
                break
            }
            if index % 1000 == 999 { progress(index + 1) }
        }
        guard !clients.isEmpty else { return (0, seconds, 0, failure) }
        // Read every CONNACK before publishing, as the fleet's devices do.
        for _ in 0..<5 { for client in clients { _ = mosquitto_loop_read(client, 1) } }
        let topics = clients.indices.map { "$aws/things/bench-raw-\($0)/shadow/update/documents" }
        let payload = [UInt8](repeating: 0x61, count: max(1, payloadSize))
        var sent = 0
        let start = Date()
        let deadline = start.addingTimeInterval(seconds)
        while Date() < deadline {
            for (client, topic) in zip(clients, topics) {
                // Two messages per turn, as a device answers a report (`/update/accepted`, `/update/documents`).
                for _ in 0..<2 where mosquitto_publish(client, nil, topic, Int32(payload.count), payload, 0, false) == Int32(MOSQ_ERR_SUCCESS.rawValue) {
                    sent += 1
                }
                _ = mosquitto_loop_write(client, 2)
            }
        }
        return (sent, Date().timeIntervalSince(start), clients.count, failure)
    }
}

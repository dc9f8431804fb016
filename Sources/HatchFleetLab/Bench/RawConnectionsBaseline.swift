import CMosquitto
import Foundation
import HatchMQTT
import HatchMosquittoBroker

/// The ceiling for any fleet of N devices on this machine: N plain libmosquitto clients on one
/// thread, each publishing pre-encoded QoS 0 messages of the fleet's average size in turn, with no
/// simulation and no Swift concurrency. Set beside the single raw publisher, it shows what the N
/// connections cost by themselves (the broker's work per message grows with them). Like HatchMQTT's
/// sessions, the clients drop libmosquitto's wake-up socket pair (3 descriptors per client would
/// not fit 10,000 clients in the usual limits, and it costs a write per publish).
package enum RawConnectionsBaseline {
    /// What the clients sent and what it cost.
    package struct Outcome {
        /// Messages published during about `seconds`.
        package var messages = 0
        /// From the first publish until the broker had read every message: the publishing window,
        /// then writing what libmosquitto still held, then the broker reading what the kernel held.
        package var seconds = 0.0
        /// The part of ``seconds`` after the publishing window.
        package var drainSeconds = 0.0
        /// Bytes the kernel held for the broker when the publishing window closed.
        package var backlogBytes = 0
        /// CPU per message of this process and the broker, over ``seconds``.
        package var cpu: (process: Double, broker: Double) = (0, 0)
        package var connected = 0
        package var failure: String?
    }

    /// Connects `connections` clients, then publishes for about `seconds` and waits until the
    /// broker has read it all (0 messages when no client connected). The clients connect from
    /// `sourceAddresses` in turn (none: the system chooses), as the fleet's devices do.
    package static func run(host: String, port: Int, connections: Int, seconds: Double, payloadSize: Int, sourceAddresses: [String] = [],
                    brokerProcess: Int32? = nil, progress: (Int) -> Void) -> Outcome {
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
        guard !clients.isEmpty else { return Outcome(failure: failure) }
        // Read every CONNACK before publishing, as the fleet's devices do.
        for _ in 0..<5 { for client in clients { _ = mosquitto_loop_read(client, 1) } }
        let topics = clients.indices.map { "$aws/things/bench-raw-\($0)/shadow/update/documents" }
        let payload = [UInt8](repeating: 0x61, count: max(1, payloadSize))
        var sent = 0
        let cpu = ProcessCPUTime.Window(brokerProcess: brokerProcess)
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            for (client, topic) in zip(clients, topics) {
                // Two messages per turn, as a device answers a report (`/update/accepted`, `/update/documents`).
                for _ in 0..<2 where mosquitto_publish(client, nil, topic, Int32(payload.count), payload, 0, false) == Int32(MOSQ_ERR_SUCCESS.rawValue) {
                    sent += 1
                }
                _ = mosquitto_loop_write(client, 2)
            }
        }
        let windowEnd = ContinuousClock.now
        let backlog = BrokerBacklog.bytes(port: port) ?? 0
        // Counted messages still in libmosquitto's queues are written, and the broker reads them.
        var waiting = true
        while waiting, ContinuousClock.now - windowEnd < .seconds(60) {
            waiting = false
            for client in clients where mosquitto_want_write(client) {
                _ = mosquitto_loop_write(client, 32)
                waiting = true
            }
        }
        BrokerBacklog.drainBlocking(port: port)
        let end = ContinuousClock.now
        return Outcome(messages: sent, seconds: (end - start).seconds, drainSeconds: (end - windowEnd).seconds, backlogBytes: backlog,
                       cpu: cpu.perMessage(sent), connected: clients.count, failure: failure)
    }
}

import CMosquitto
import Foundation
import HatchMosquittoBroker

/// The baseline for the fleet's traffic: one plain libmosquitto client publishing QoS 0 messages of the
/// fleet's average size as fast as the broker takes them, with no Swift layers in between.
package enum RawPublisherBaseline {
    /// Messages published during about `seconds`, and the seconds until the broker had read them all
    /// (counted as the fleet's and the ceiling's are); throws when the client cannot connect.
    package static func run(host: String, port: Int, seconds: Double, payloadSize: Int) throws(RawClientError) -> (messages: Int, seconds: Double) {
        let client = try RawClient.connect(id: "bench-raw-baseline", host: host, port: port, releaseSocketPair: false).get()
        defer { RawClient.close(client) }
        let payload = [UInt8](repeating: 0x61, count: max(1, payloadSize))
        let topics = (0..<256).map { "bench/baseline/\($0)" }
        var sent = 0
        let start = Date()
        let deadline = start.addingTimeInterval(seconds)
        while Date() < deadline {
            for topic in topics {
                if mosquitto_publish(client, nil, topic, Int32(payload.count), payload, 0, false) == Int32(MOSQ_ERR_SUCCESS.rawValue) {
                    sent += 1
                }
            }
            while mosquitto_want_write(client) {
                if mosquitto_loop_write(client, 1) != Int32(MOSQ_ERR_SUCCESS.rawValue) { break }
            }
            _ = mosquitto_loop_read(client, 1)
        }
        BrokerBacklog.drainBlocking(port: port)
        return (sent, Date().timeIntervalSince(start))
    }
}

import CMosquitto
import Foundation

/// The baseline for the fleet's traffic: one plain libmosquitto client publishing QoS 0 messages of the
/// fleet's average size as fast as the broker takes them, with no Swift layers in between.
enum RawPublisherBaseline {
    /// Messages handed to the socket during about `seconds`, and the seconds it took (0 messages
    /// when the broker is unreachable).
    static func run(host: String, port: Int, seconds: Double, payloadSize: Int) -> (messages: Int, seconds: Double) {
        mosquitto_lib_init()
        guard let client = mosquitto_new("bench-raw-baseline", true, nil) else { return (0, seconds) }
        defer { mosquitto_destroy(client) }
        mosquitto_int_option(client, MOSQ_OPT_TCP_NODELAY, 1)
        guard mosquitto_connect(client, host, Int32(port), 60) == Int32(MOSQ_ERR_SUCCESS.rawValue) else { return (0, seconds) }
        defer { mosquitto_disconnect(client) }
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
        return (sent, Date().timeIntervalSince(start))
    }
}

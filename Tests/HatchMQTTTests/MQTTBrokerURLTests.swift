import HatchMQTT
import Testing

@Suite("MQTTBrokerURL")
struct MQTTBrokerURLTests {
    @Test("parses host, port and scheme; defaults the port by scheme")
    func parses() throws {
        let plain = try MQTTBrokerURL("mqtt://broker.local:1884")
        #expect(plain.host == "broker.local" && plain.port == 1884 && !plain.usesTLS)
        let secure = try MQTTBrokerURL("mqtts://a1b2.iot.eu-west-1.amazonaws.com")
        #expect(secure.port == 8883 && secure.usesTLS)
        let ipv6 = try MQTTBrokerURL("mqtt://[::1]:1999")
        #expect(ipv6.host == "::1" && ipv6.port == 1999)
        #expect(ipv6.description == "mqtt://[::1]:1999")
        #expect(try MQTTBrokerURL("tcp://127.0.0.1").port == 1883)
    }

    @Test("rejects malformed URLs with a reason", arguments: ["127.0.0.1:1883", "http://x:1", "mqtt://:1883", "mqtt://h:0", "mqtt://h:http",
                                                                     "unix://run/mqtt.sock", "unix://", "unix:///" + String(repeating: "a", count: 120)])
    func rejects(_ text: String) {
        #expect {
            try MQTTBrokerURL(text)
        } throws: { error in
            guard case .invalidURL(let url, let reason) = error as? MQTTError else { return false }
            return url == text && !reason.isEmpty
        }
    }
}

@Suite("MQTTReconnectPolicy")
struct MQTTReconnectPolicyTests {
    @Test("delays grow exponentially, are capped, and jitter only shortens them")
    func backoff() {
        let policy = MQTTReconnectPolicy(initialDelay: .milliseconds(100), maximumDelay: .seconds(1), multiplier: 2, jitter: 0.5)
        for attempt in 0..<8 {
            let delay = policy.delay(forAttempt: attempt)
            let ceiling = min(Duration.milliseconds(100) * (1 << attempt), .seconds(1))
            #expect(delay <= ceiling)
            #expect(delay >= ceiling / 2)
        }
    }
}

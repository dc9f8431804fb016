import CMosquitto

/// Topic and filter validation and matching, delegated to libmosquitto's own rules.
enum TopicName {
    /// Whether `topic` is a valid topic to publish to (no wildcards, valid UTF-8, not empty).
    static func isValidTopic(_ topic: String) -> Bool {
        !topic.isEmpty && topic.utf8.count <= 65535 && mosquitto_pub_topic_check(topic) == 0
    }

    /// ``isValidTopic(_:)`` and ``isValidUTF8(_:)`` together, with no copy of the topic for the C
    /// checks when it is printable ASCII without wildcards (every topic the fleet publishes to): a
    /// device checks two topics per report.
    static func isValidPublishTopic(_ topic: String) -> Bool {
        var topic = topic
        let plain = topic.withUTF8 { bytes -> Bool in
            guard !bytes.isEmpty, bytes.count <= 65535 else { return false }
            for byte in bytes where byte < 0x20 || byte > 0x7E || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "#") {
                return false
            }
            return true
        }
        return plain || (isValidTopic(topic) && isValidUTF8(topic))
    }

    /// Whether `text` is UTF-8 that MQTT allows (no U+0000, no control characters), as libmosquitto
    /// checks topics before it publishes.
    static func isValidUTF8(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { mosquitto_validate_utf8($0.baseAddress, Int32(clamping: $0.count)) == 0 }
        }
    }

    /// Whether `filter` is a valid subscription filter (`+` a whole level, `#` last).
    static func isValidFilter(_ filter: String) -> Bool {
        !filter.isEmpty && filter.utf8.count <= 65535 && mosquitto_sub_topic_check(filter) == 0
    }

    /// Whether `topic` matches `filter`, with MQTT's `+`, `#` and `$`-topic rules. A session with many
    /// filters offers a message only the filters its ``FilterIndex`` finds; this decides each.
    static func matches(filter: String, topic: String) -> Bool {
        if !filter.utf8.contains(UInt8(ascii: "+")) && !filter.utf8.contains(UInt8(ascii: "#")) {
            return filter == topic
        }
        var result = false
        return mosquitto_topic_matches_sub(filter, topic, &result) == 0 && result
    }
}

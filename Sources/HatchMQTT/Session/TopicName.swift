import CMosquitto

/// Topic and filter validation and matching, delegated to libmosquitto's own rules.
enum TopicName {
    /// Whether `topic` is a valid topic to publish to (no wildcards, valid UTF-8, not empty).
    static func isValidTopic(_ topic: String) -> Bool {
        !topic.isEmpty && topic.utf8.count <= 65535 && mosquitto_pub_topic_check(topic) == 0
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

    /// Whether `topic` matches `filter`, with MQTT's `+`, `#` and `$`-topic rules.
    static func matches(filter: String, topic: String) -> Bool {
        if !filter.utf8.contains(UInt8(ascii: "+")) && !filter.utf8.contains(UInt8(ascii: "#")) {
            return filter == topic
        }
        var result = false
        return mosquitto_topic_matches_sub(filter, topic, &result) == 0 && result
    }
}

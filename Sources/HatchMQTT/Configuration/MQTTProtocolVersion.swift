/// The MQTT protocol version spoken on the wire.
public enum MQTTProtocolVersion: Sendable, Hashable {
    /// MQTT 3.1.1, what AWS IoT Core's classic shadow clients speak.
    case v311
    /// MQTT 5.
    case v5
}

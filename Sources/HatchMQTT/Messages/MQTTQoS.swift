/// The delivery guarantee of a publish or subscription.
public enum MQTTQoS: Int, Sendable, Hashable, Comparable {
    /// QoS 0: fire and forget.
    case atMostOnce = 0
    /// QoS 1: acknowledged by PUBACK; may arrive more than once.
    case atLeastOnce = 1
    /// QoS 2: four-way handshake ending in PUBCOMP; arrives exactly once.
    case exactlyOnce = 2

    public static func < (lhs: MQTTQoS, rhs: MQTTQoS) -> Bool { lhs.rawValue < rhs.rawValue }
}

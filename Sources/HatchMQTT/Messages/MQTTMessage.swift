import Foundation

/// A message received on a subscription.
public struct MQTTMessage: Sendable, Hashable {
    /// The topic it was published to (never contains wildcards).
    public let topic: String
    /// The payload bytes.
    public let payload: Data
    /// The QoS it was delivered with (the lower of the publish and the subscription QoS).
    public let qos: MQTTQoS
    /// Whether the broker sent it from its retained store (a message published before we subscribed).
    public let retain: Bool

    /// Creates a message received on a subscription.
    public init(topic: String, payload: Data, qos: MQTTQoS, retain: Bool) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }

    /// The payload decoded as UTF-8, or `nil` when it is not valid UTF-8.
    public var payloadString: String? { String(data: payload, encoding: .utf8) }
}

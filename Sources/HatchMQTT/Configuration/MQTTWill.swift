import Foundation

/// The last will: a message the broker publishes for this client when the connection ends without a
/// clean DISCONNECT (crash, network loss, keep-alive timeout). A clean ``MQTTSession/disconnect()``
/// does not publish it.
public struct MQTTWill: Sendable, Hashable {
    /// The topic the will is published to.
    public var topic: String
    /// The will's payload.
    public var payload: Data
    /// The QoS the broker publishes the will with.
    public var qos: MQTTQoS = .atLeastOnce
    /// Whether the broker retains the will (a retained "offline" presence record, typically).
    public var retain: Bool = true

    /// Creates the last will.
    public init(topic: String, payload: Data, qos: MQTTQoS = .atLeastOnce, retain: Bool = true) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }
}

import Foundation
import HatchMQTT

/// A message a simulated device publishes.
public struct OutgoingMessage: Sendable, Hashable {
    /// Topic.
    public var topic: String
    /// Payload (JSON).
    public var payload: Data {
        get { body.data }
        set { body = MQTTPayload(newValue) }
    }
    /// The payload as a session takes it: a report's replies are the buffers their writer made, with
    /// no `Data` made for them on the way to the socket.
    var body: MQTTPayload
    /// Retained on the broker.
    public var retain: Bool
    /// What it is (for the fleet's message counters), known where it is made.
    public var kind: MessageKind

    /// A message of `payload` on `topic`.
    public init(topic: String, payload: Data, retain: Bool = false, kind: MessageKind) {
        self.init(topic: topic, body: MQTTPayload(payload), retain: retain, kind: kind)
    }

    init(topic: String, body: MQTTPayload, retain: Bool = false, kind: MessageKind) {
        self.topic = topic
        self.body = body
        self.retain = retain
        self.kind = kind
    }
}

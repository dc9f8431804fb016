import Foundation

/// A message a simulated device publishes.
public struct OutgoingMessage: Sendable, Hashable {
    /// Topic.
    public var topic: String
    /// Payload (JSON).
    public var payload: Data
    /// Retained on the broker.
    public var retain: Bool

    /// Creates a message.
    public init(topic: String, payload: Data, retain: Bool = false) {
        self.topic = topic
        self.payload = payload
        self.retain = retain
    }
}

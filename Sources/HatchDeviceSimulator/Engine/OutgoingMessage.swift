import Foundation

/// A message a simulated device publishes.
public struct OutgoingMessage: Sendable, Hashable {
    /// Topic.
    public var topic: String
    /// Payload (JSON).
    public var payload: Data
    /// Retained on the broker.
    public var retain: Bool
    /// What it is (for the fleet's message counters), known where it is made.
    public var kind: MessageKind

    /// Creates a message.
    public init(topic: String, payload: Data, retain: Bool = false, kind: MessageKind) {
        self.topic = topic
        self.payload = payload
        self.retain = retain
        self.kind = kind
    }
}

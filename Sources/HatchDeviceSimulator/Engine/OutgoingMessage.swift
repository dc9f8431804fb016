import Foundation
import HatchMemberwiseInit

/// A message a simulated device publishes.
@MemberwiseInit(.public)
public struct OutgoingMessage: Sendable, Hashable {
    /// Topic.
    public var topic: String
    /// Payload (JSON).
    public var payload: Data
    /// Retained on the broker.
    public var retain: Bool = false
    /// What it is (for the fleet's message counters), known where it is made.
    public var kind: MessageKind
}

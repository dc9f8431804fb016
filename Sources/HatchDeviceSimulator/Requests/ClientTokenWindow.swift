import Foundation

/// The client tokens a device accepted recently and what it answered, so that a request repeated
/// with the same `clientToken` — a QoS 1 redelivery, or a client retrying after a timeout — is
/// answered again but applied only once.
///
/// Bounded two ways: at most ``capacity`` tokens, each remembered for ``lifetime`` seconds of real
/// time (the oldest go first). A repeat that arrives later than that is a new request. The window is
/// kept with the device's state, so it also holds across a restart of the fleet.
public struct ClientTokenWindow<Reply: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    /// One accepted request.
    public struct Entry: Sendable, Hashable, Codable {
        /// The request's `clientToken`.
        public var token: String
        /// What the accepted reply said.
        public var reply: Reply
        /// When it was accepted (real time).
        public var acceptedAt: Date
    }

    /// The tokens remembered, oldest first.
    public private(set) var entries: [Entry] = []
    /// The most tokens remembered.
    public let capacity: Int
    /// How long a token is remembered, in seconds of real time.
    public let lifetime: TimeInterval

    /// 64 tokens per device.
    public static var defaultCapacity: Int { 64 }
    /// Ten minutes.
    public static var defaultLifetime: TimeInterval { 600 }

    /// Creates an empty window.
    public init(capacity: Int = Self.defaultCapacity, lifetime: TimeInterval = Self.defaultLifetime) {
        self.capacity = max(1, capacity)
        self.lifetime = max(0, lifetime)
    }

    /// The reply given to `token`, when it was accepted less than ``lifetime`` before `now`.
    public func reply(for token: String, now: Date) -> Reply? {
        guard let entry = entries.last(where: { $0.token == token }) else { return nil }
        return now.timeIntervalSince(entry.acceptedAt) < lifetime ? entry.reply : nil
    }

    /// Remembers that `token` was accepted with `reply` at `now`, forgetting expired and excess tokens.
    public mutating func remember(_ token: String, reply: Reply, now: Date) {
        entries.removeAll { $0.token == token || now.timeIntervalSince($0.acceptedAt) >= lifetime }
        entries.append(Entry(token: token, reply: reply, acceptedAt: now))
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }
}

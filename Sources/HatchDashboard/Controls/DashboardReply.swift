/// The answer a control shows beside itself: what the device (or the fleet) said.
public struct DashboardReply: Sendable, Hashable, Codable {
    /// Whether it was done.
    public var ok: Bool
    /// What happened, or why not and what to do (`Nursery is offline since …`, `rejected: …`).
    public var message: String

    /// Creates the answer a control shows beside itself.
    public init(ok: Bool, message: String) {
        self.ok = ok
        self.message = message
    }

    /// Done.
    public static func done(_ message: String) -> DashboardReply { DashboardReply(ok: true, message: message) }
    /// Not done, and why.
    public static func failed(_ message: String) -> DashboardReply { DashboardReply(ok: false, message: message) }
}

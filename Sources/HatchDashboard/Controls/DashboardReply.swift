/// The answer a control shows beside itself: what the device (or the fleet) said.
package struct DashboardReply: Sendable, Hashable, Codable {
    /// Whether it was done.
    package var ok: Bool
    /// What happened, or why not and what to do (`Nursery is offline since …`, `rejected: …`).
    package var message: String

    /// Creates the answer a control shows beside itself.
    package init(ok: Bool, message: String) {
        self.ok = ok
        self.message = message
    }

    /// Done.
    package static func done(_ message: String) -> DashboardReply { DashboardReply(ok: true, message: message) }
    /// Not done, and why.
    package static func failed(_ message: String) -> DashboardReply { DashboardReply(ok: false, message: message) }
}

/// The answer a control shows beside itself: what the device (or the fleet) said.
package struct DashboardReply: Sendable, Hashable, Codable {
    /// How a request ended, for the bulk tally.
    package enum Outcome: String, Sendable, Hashable, Codable {
        /// The device (or the fleet) did it.
        case applied
        /// The device or its shadow refused it.
        case rejected
        /// The device was offline; nothing was sent.
        case offline
        /// No answer in time.
        case timedOut
        /// Anything else (a bad request, a product that cannot do it, the broker link).
        case failed
    }

    /// Whether it was done.
    package var ok: Bool
    /// What happened, or why not and what to do (`Nursery is offline since …`, `rejected: …`).
    package var message: String
    /// How it ended.
    package var outcome: Outcome

    /// Creates the answer a control shows beside itself.
    package init(ok: Bool, message: String, outcome: Outcome? = nil) {
        self.ok = ok
        self.message = message
        self.outcome = outcome ?? (ok ? .applied : .failed)
    }

    /// Done.
    package static func done(_ message: String) -> DashboardReply { DashboardReply(ok: true, message: message) }
    /// Not done, and why.
    package static func failed(_ message: String, _ outcome: Outcome = .failed) -> DashboardReply {
        DashboardReply(ok: false, message: message, outcome: outcome)
    }
}

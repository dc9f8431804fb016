/// How far a command sent to many devices got: the page's live tally (`data-role="bulk-tally"`).
package struct BulkTally: Sendable, Hashable, Codable {
    /// The run's id, for `GET /api/bulk?id=…`.
    package var id: Int
    /// What was sent (the saved command's name, or the action's).
    package var name: String
    /// Devices it goes to.
    package var total: Int
    /// Devices that did it.
    package var applied = 0
    /// Devices (or their shadows) that refused it.
    package var rejected = 0
    /// Devices offline, to which nothing was sent.
    package var offline = 0
    /// Devices that did not answer in time.
    package var timedOut = 0
    /// Devices that could not take it for another reason (a product without the feature).
    package var failed = 0
    /// The first reply of each kind that was not `applied`, for the page to show why.
    package var reasons: [String: String] = [:]
    /// Whether every device answered.
    package var finished = false

    /// A tally before the first answer.
    package init(id: Int, name: String, total: Int) {
        self.id = id
        self.name = name
        self.total = total
    }

    /// Devices that answered so far.
    package var answered: Int { applied + rejected + offline + timedOut + failed }

    /// Counts one device's reply.
    package mutating func count(_ reply: DashboardReply) {
        switch reply.outcome {
        case .applied: applied += 1
        case .rejected: rejected += 1
        case .offline: offline += 1
        case .timedOut: timedOut += 1
        case .failed: failed += 1
        }
        if reply.outcome != .applied, reasons[reply.outcome.rawValue] == nil { reasons[reply.outcome.rawValue] = reply.message }
    }
}

import Foundation

/// One MQTT message in the live log: where it went, which way, and what it said.
package struct MessageLogEntry: Sendable, Hashable, Codable {
    /// Increases by one per message the dashboard saw (gaps mean the page was sent only the newest).
    package var sequence: Int
    /// When the dashboard received it (Unix milliseconds, real time).
    package var time: Int64
    /// The device's thing name, when the topic names one.
    package var thing: String?
    /// The topic.
    package var topic: String
    /// `update`, `delta`, `accepted`, `rejected`, `documents`, `get`, `presence`, `registry`,
    /// `records` or `fleet`: what the page filters on.
    package var kind: String
    /// `device → cloud` (a report), `cloud → device` (a delta), `app → cloud` (a request),
    /// `cloud → app` (a reply), or `device` (presence and registry records).
    package var direction: String
    /// The payload as text, cut at ``payloadLimit`` bytes.
    package var payload: String

    /// Creates a message log entry.
    package init(sequence: Int, time: Int64, thing: String?, topic: String, kind: String, direction: String, payload: String) {
        self.sequence = sequence
        self.time = time
        self.thing = thing
        self.topic = topic
        self.kind = kind
        self.direction = direction
        self.payload = payload
    }

    /// The longest payload kept, in bytes.
    package static let payloadLimit = 2048

    /// Classifies a message by its topic (and, for `shadow/update`, whether it reports or desires).
    package static func classify(topic: String, payload: Data, sequence: Int, time: Date) -> MessageLogEntry {
        let parts = topic.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var thing: String?
        var kind = "other"
        var direction = "device"
        if parts.count >= 5, parts[0] == "$aws", parts[1] == "things", parts[3] == "shadow" {
            thing = parts[2]
            let operation = parts[4]
            let reply = parts.count > 5 ? parts[5] : nil
            switch (operation, reply) {
            case ("update", nil):
                kind = "update"
                direction = Self.reports(payload) ? "device → cloud" : "app → cloud"
            case ("update", "delta"):
                kind = "delta"
                direction = "cloud → device"
            case ("get", nil), ("delete", nil):
                kind = "get"
                direction = "app → cloud"
            case (_, let reply?):
                kind = ["accepted", "rejected", "documents"].contains(reply) ? reply : "other"
                direction = "cloud → app"
            default: break
            }
        } else if parts.count >= 4, parts[0] == "hatch", parts[1] == "things" {
            thing = parts[2]
            kind = parts[3] == "presence" ? "presence" : "records"
            direction = parts[3] == "presence" ? "device" : (parts.last == "request" ? "app → cloud" : "cloud → app")
        } else if parts.count >= 3, parts[0] == "hatch", parts[1] == "registry" {
            thing = parts[2]
            kind = "registry"
        } else if parts.count >= 2, parts[0] == "hatch", parts[1] == "fleet" {
            kind = "fleet"
            direction = "fleet"
        }
        let text = String(decoding: payload.prefix(payloadLimit), as: UTF8.self) + (payload.count > payloadLimit ? "…" : "")
        return MessageLogEntry(sequence: sequence, time: Int64(time.timeIntervalSince1970 * 1000), thing: thing, topic: topic,
                               kind: kind, direction: direction, payload: text)
    }

    /// Whether a `shadow/update` payload carries `state.reported` (a device's report) rather than
    /// `state.desired` (an app's request). A byte search, not a parse: the log sees every message of
    /// the fleet, and these two keys appear nowhere else in an update.
    static func reports(_ payload: Data) -> Bool {
        payload.range(of: reportedKey) != nil && payload.range(of: desiredKey) == nil
    }

    private static let reportedKey = Data(#""reported""#.utf8)
    private static let desiredKey = Data(#""desired""#.utf8)
}

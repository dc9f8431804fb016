/// A page's log filter as it posts it to `/api/log-filter`: `{"subscriber": 3, "topic": "$aws/things/+/shadow/#"}`.
package struct LogFilterRequest: Sendable, Hashable, Codable {
    /// The `subscriber` of the stream's first batch.
    package var subscriber: UInt64
    /// The filter; empty for every topic.
    package var topic: String
}

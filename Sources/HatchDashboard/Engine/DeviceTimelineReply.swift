/// A device's timeline as `/api/timeline?thing=…` answers it.
package struct DeviceTimelineReply: Sendable, Hashable, Codable {
    /// The device's thing name.
    package var thing: String
    /// What played: `points[i].playing` indexes it.
    package var names: [String]
    /// Oldest first.
    package var points: [TimelinePoint]
}

import Foundation

/// The message log's topic filter as a page sets it: an MQTT filter (`+` one level, `#` every level
/// below, last only) or, without wildcards, any part of a topic — so a device's thing name alone finds
/// its messages. `#` also matches `$aws/…` topics here, unlike a subscription: the log already holds
/// only what the dashboard subscribed to. The page's `logview.js` applies the same rules.
package struct LogTopicFilter: Sendable, Hashable {
    private let text: String
    private let levels: [Substring]?

    /// The filter `text` stands for; `nil` for an empty one, which matches every topic.
    package init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        self.text = trimmed
        levels = trimmed.contains("+") || trimmed.contains("#") ? trimmed.split(separator: "/", omittingEmptySubsequences: false) : nil
    }

    /// Whether `topic` passes the filter.
    package func matches(_ topic: String) -> Bool {
        guard let levels else { return topic.contains(text) }
        let parts = topic.split(separator: "/", omittingEmptySubsequences: false)
        for (index, level) in levels.enumerated() {
            if level == "#" { return index == levels.count - 1 }
            if index >= parts.count { return false }
            if level != "+" && level != parts[index] { return false }
        }
        return levels.count == parts.count
    }
}

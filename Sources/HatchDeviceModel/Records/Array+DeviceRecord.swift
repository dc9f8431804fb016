import Foundation

extension Array where Element: DeviceRecord {
    /// The record whose id or name (case-insensitive) is `query`, surrounding spaces ignored; an id wins
    /// over a name. `nil` when none matches.
    package func first(matching query: String) -> Element? {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        if let id = Int(trimmed), let record = first(where: { $0.id == id }) { return record }
        return first { $0.name.compare(trimmed, options: .caseInsensitive) == .orderedSame }
    }

    /// Every record as `name (id)`, for a message that lists what the device has.
    package var summaries: [String] {
        map { "\($0.name) (\($0.id))" }
    }
}

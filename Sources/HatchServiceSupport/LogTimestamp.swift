import Foundation

/// The time of a log line: ISO 8601 in UTC with milliseconds (`2026-01-05T10:50:00.123Z`).
public enum LogTimestamp {
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)

    /// `date` formatted for a log line.
    public static func string(_ date: Date) -> String {
        date.formatted(style)
    }

    /// The time a log line's timestamp names, or `nil` when it is not one.
    public static func date(_ text: String) -> Date? {
        try? style.parse(text)
    }
}

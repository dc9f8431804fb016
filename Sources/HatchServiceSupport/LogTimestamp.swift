import Foundation

/// The time of a log line: ISO 8601 in UTC with milliseconds (`2026-01-05T10:50:00.123Z`).
enum LogTimestamp {
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)

    /// `date` formatted for a log line.
    static func string(_ date: Date) -> String {
        date.formatted(style)
    }
}

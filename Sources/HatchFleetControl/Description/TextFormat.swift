import Foundation

/// Small, locale-independent formatting helpers for human-readable output.
package enum TextFormat {
    /// An ISO 8601 timestamp in UTC, e.g. `2026-05-01T06:30:00Z`.
    package static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// A number of seconds without needless decimals: `5 s`, `0.5 s`.
    package static func seconds(_ value: Double) -> String {
        value.rounded() == value ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    /// A duration in seconds as `1h 02m 03s`, `2m 03s` or `45s`.
    package static func duration(seconds: Int) -> String {
        let total = max(0, seconds)
        let hours = total / 3600, minutes = total % 3600 / 60, secs = total % 60
        if hours > 0 { return String(format: "%dh %02dm %02ds", hours, minutes, secs) }
        if minutes > 0 { return String(format: "%dm %02ds", minutes, secs) }
        return "\(secs)s"
    }

    /// Left-aligned columns separated by two spaces, with a header row.
    package static func table(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

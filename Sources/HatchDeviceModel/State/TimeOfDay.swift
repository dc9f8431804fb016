/// A wall-clock time of day in the device's time zone: `HH:mm:ss` in the reported shadow (clock and
/// toddler-lock schedules, as the firmware writes `"22:00:00"`), `HH:mm` in alarm records and output.
public struct TimeOfDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// 0…23.
    public let hour: Int
    /// 0…59.
    public let minute: Int

    /// Creates a time; throws when hour or minute is out of range.
    public init(hour: Int, minute: Int) throws(TimeOfDayError) {
        guard (0...23).contains(hour), (0...59).contains(minute) else {
            throw .outOfRange("\(hour):\(minute)")
        }
        self.hour = hour
        self.minute = minute
    }

    /// Parses `HH:mm` (also `H:mm` and `HH:mm:ss` with seconds ignored).
    public init(parsing text: String) throws(TimeOfDayError) {
        let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
        guard pieces.count == 2 || pieces.count == 3,
              let hour = Int(pieces[0]), let minute = Int(pieces[1]),
              pieces[1].count == 2
        else { throw .malformed(text) }
        guard (0...23).contains(hour), (0...59).contains(minute) else { throw .outOfRange(text) }
        self.hour = hour
        self.minute = minute
    }

    /// Minutes since midnight.
    public var minutesSinceMidnight: Int { hour * 60 + minute }

    /// `HH:mm:ss`, the shadow's form (seconds are always 00).
    public var wireValue: String { description + ":00" }

    /// `HH:mm`.
    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    /// Decodes from `HH:mm`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes as `HH:mm`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Orders by minutes since midnight.
    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutesSinceMidnight < rhs.minutesSinceMidnight }

    /// Whether `self` lies in the daily window from `start` (inclusive) to `end` (exclusive); a
    /// window that crosses midnight (22:00…06:00) is handled.
    public func isWithin(from start: TimeOfDay, to end: TimeOfDay) -> Bool {
        if start == end { return false }
        if start < end { return self >= start && self < end }
        return self >= start || self < end
    }
}

/// Why a text is not a time of day.
public enum TimeOfDayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not of the form `HH:mm`.
    case malformed(String)
    /// Hour not in 0…23 or minute not in 0…59.
    case outOfRange(String)

    /// What went wrong and how to write it instead.
    public var description: String {
        switch self {
        case .malformed(let text): return "'\(text)' is not a time of day; write HH:mm, e.g. 06:30."
        case .outOfRange(let text): return "'\(text)' is out of range; hours are 00…23 and minutes 00…59."
        }
    }
}

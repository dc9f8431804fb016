/// The days an alarm repeats on: Sunday = 1, Monday = 2, … Saturday = 64; no day (0) means once.
public struct DaysOfWeek: OptionSet, Sendable, Hashable, Codable {
    /// The bitmask.
    public let rawValue: Int
    /// Creates the set from its bitmask.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Sunday (1).
    public static let sunday = DaysOfWeek(rawValue: 1)
    /// Monday (2).
    public static let monday = DaysOfWeek(rawValue: 2)
    /// Tuesday (4).
    public static let tuesday = DaysOfWeek(rawValue: 4)
    /// Wednesday (8).
    public static let wednesday = DaysOfWeek(rawValue: 8)
    /// Thursday (16).
    public static let thursday = DaysOfWeek(rawValue: 16)
    /// Friday (32).
    public static let friday = DaysOfWeek(rawValue: 32)
    /// Saturday (64).
    public static let saturday = DaysOfWeek(rawValue: 64)
    /// Monday to Friday.
    public static let weekdays: DaysOfWeek = [.monday, .tuesday, .wednesday, .thursday, .friday]
    /// Saturday and Sunday.
    public static let weekend: DaysOfWeek = [.saturday, .sunday]
    /// Every day.
    public static let everyDay: DaysOfWeek = [.weekdays, .weekend]
    /// A one-time alarm (no day set).
    public static let once: DaysOfWeek = []

    /// Whether the alarm fires only once.
    public var isOnce: Bool { rawValue == 0 }

    /// Whether the set holds the Gregorian weekday `weekday` (1 = Sunday … 7 = Saturday, as Foundation's Calendar).
    public func contains(weekday: Int) -> Bool {
        guard (1...7).contains(weekday) else { return false }
        return rawValue & (1 << (weekday - 1)) != 0
    }

    /// Whether the bitmask is valid (0…127).
    public var isValid: Bool { (0...127).contains(rawValue) }

    /// Decodes from the plain bitmask.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    /// Encodes as the plain bitmask.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

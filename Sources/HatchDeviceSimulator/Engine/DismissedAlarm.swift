import HatchMemberwiseInit

/// One alarm occurrence that was dismissed before its wake time (see ``DeviceSettings/dismissedAlarm``).
@MemberwiseInit(.public)
public struct DismissedAlarm: Sendable, Hashable, Codable {
    /// The alarm's id.
    public var id: Int
    /// Epoch second of the dismissed occurrence's wake time.
    public var wakeTime: Int
}

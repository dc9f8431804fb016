/// One alarm occurrence that was dismissed before its wake time (see ``DeviceSettings/dismissedAlarm``).
public struct DismissedAlarm: Sendable, Hashable, Codable {
    /// The alarm's id.
    public var id: Int
    /// Epoch second of the dismissed occurrence's wake time.
    public var wakeTime: Int

    /// Creates a dismissed alarm occurrence.
    public init(id: Int, wakeTime: Int) {
        self.id = id
        self.wakeTime = wakeTime
    }
}

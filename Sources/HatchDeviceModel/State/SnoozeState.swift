/// Alarm snooze (`snooze`): while active, the alarm sound is silent until `startTime` plus the
/// snooze duration, then the alarm fires again.
public struct SnoozeState: Sendable, Hashable, Codable {
    /// Whether a snooze is running.
    public var active: Bool = false
    /// Epoch second when the snooze started; 0 when none.
    public var startTime: Int = 0

    /// Creates a snooze state; inactive by default.
    public init(active: Bool = false, startTime: Int = 0) {
        self.active = active
        self.startTime = startTime
    }

    /// The wire form.
    public var jsonValue: JSONValue { ["active": .bool(active), "startTime": .int(startTime)] }
}

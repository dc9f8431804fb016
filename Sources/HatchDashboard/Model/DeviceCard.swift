/// One device's card, as the page draws it: every field is ready to show, so the page only writes
/// text and colours. Sent to the page as JSON in each batch of changes.
public struct DeviceCard: Sendable, Hashable, Codable {
    /// The thing name: the card's key and its `data-thing` attribute.
    public var thing: String
    /// The device's name.
    public var name: String
    /// `A4:C1:38:00:11:22`.
    public var mac: String
    /// The product's raw value, e.g. `restoreV5`.
    public var product: String
    /// The product's marketing name, e.g. `Restore 3`.
    public var productName: String
    /// `online`, `offline` or `unknown`.
    public var presence: String
    /// Why it is offline (`connectionLost`, `reboot`, `shutdown`), when it says.
    public var presenceReason: String?
    /// The light, or `nil` for a product without one.
    public var light: LightSwatch?
    /// `on at 20%`, `off`, or `nil` when the product does not report it.
    public var nightlight: String?
    /// `on, 24-hour at 30%`, `off`, or `nil` for a product without a clock.
    public var clock: String?
    /// What plays: `nothing`, `Wind down (step 1/2)`, `alarm Weekdays (ringing)`, `remote`.
    public var playing: String
    /// The alarm status: `idle`, `sunrise`, `ringing` or `snoozed`.
    public var alarmStatus: String
    /// The routine running (its id), when one does: what the stop control stops.
    public var routineID: Int?
    /// The sound's name (`Ocean`, `sound 3`), or `off`.
    public var sound: String
    /// The sound's id (the product's catalogue), `nil` when none plays.
    public var soundID: Int?
    /// The volume in percent.
    public var volume: Int
    /// `Mon 06:30 Weekdays`, or `nil` when no alarm is armed.
    public var nextAlarm: String?
    /// `on` / `off`, or `nil` for a product without a toddler lock.
    public var toddlerLock: String?
    /// `80% (charging)`, or `nil` for a product without a battery.
    public var battery: String?
    /// Whether the product has alarms (the snooze and dismiss controls).
    public var alarms: Bool
    /// The routines the device has (id and name), for the start control.
    public var routines: [RoutineChoice]
    /// The shadow version the card was drawn from, `nil` before the first state arrived.
    public var version: Int?

    /// A routine the page offers to start.
    public struct RoutineChoice: Sendable, Hashable, Codable {
        /// Its id.
        public var id: Int
        /// Its name.
        public var name: String
    }

    /// A sound of a product's catalogue, which the page offers to play.
    public struct SoundChoice: Sendable, Hashable, Codable {
        /// Its id.
        public var id: Int
        /// Its name.
        public var name: String
    }
}

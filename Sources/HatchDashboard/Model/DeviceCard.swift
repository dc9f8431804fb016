/// One device's card, as the page draws it: every field is ready to show, so the page only writes
/// text and colours. Sent to the page as JSON in each batch of changes.
package struct DeviceCard: Sendable, Hashable, Codable {
    /// The thing name: the card's key and its `data-thing` attribute.
    package var thing: String
    /// The device's name.
    package var name: String
    /// `A4:C1:38:00:11:22`.
    package var mac: String
    /// The product's raw value, e.g. `restoreV5`.
    package var product: String
    /// The product's marketing name, e.g. `Restore 3`.
    package var productName: String
    /// `online`, `offline` or `unknown`.
    package var presence: String
    /// Why it is offline (`connectionLost`, `reboot`, `shutdown`), when it says.
    package var presenceReason: String?
    /// The light, or `nil` for a product without one.
    package var light: LightSwatch?
    /// `on at 20%`, `off`, or `nil` when the product does not report it.
    package var nightlight: String?
    /// `on, 24-hour at 30%`, `off`, or `nil` for a product without a clock.
    package var clock: String?
    /// What plays: `nothing`, `Wind down (step 1/2)`, `alarm Weekdays (ringing)`, `remote`.
    package var playing: String
    /// The alarm status: `idle`, `sunrise`, `ringing` or `snoozed`.
    package var alarmStatus: String
    /// The routine running (its id), when one does: what the stop control stops.
    package var routineID: Int?
    /// The sound's name (`Ocean`, `sound 3`), or `off`.
    package var sound: String
    /// The sound's id (the product's catalogue), `nil` when none plays.
    package var soundID: Int?
    /// The volume in percent.
    package var volume: Int
    /// `Mon 06:30 Weekdays`, or `nil` when no alarm is armed.
    package var nextAlarm: String?
    /// `on` / `off`, or `nil` for a product without a toddler lock.
    package var toddlerLock: String?
    /// `80% (charging)`, or `nil` for a product without a battery.
    package var battery: String?
    /// Whether the product has alarms (the snooze and dismiss controls).
    package var alarms: Bool
    /// The routines the device has (id and name), for the start control.
    package var routines: [RoutineChoice]
    /// The shadow version the card was drawn from, `nil` before the first state arrived.
    package var version: Int?

    /// A routine the page offers to start.
    package struct RoutineChoice: Sendable, Hashable, Codable {
        /// Its id.
        package var id: Int
        /// Its name.
        package var name: String
    }

    /// A sound of a product's catalogue, which the page offers to play.
    package struct SoundChoice: Sendable, Hashable, Codable {
        /// Its id.
        package var id: Int
        /// Its name.
        package var name: String
    }
}

import Foundation

/// The complete reported state of a Restore-family device (`state.reported`), with the field
/// names and scales of the real firmware. Fields a product lacks are `nil` and absent on the wire
/// (`clock` and `current.color` on a Rest Mini, `deviceInfo.b` on mains-only products).
public struct ReportedState: Sendable, Hashable, Codable {
    /// What is playing.
    public var current: CurrentState
    /// The clock display; products with a clock only.
    public var clock: ClockState?
    /// Toddler-lock setting; products with a toddler lock only.
    public var toddlerLock: ToddlerLockState?
    /// Whether the toddler lock is engaged now.
    public var toddlerLockOn: Bool?
    /// Whether the nightlight is on; products with a light only.
    public var nightlightOn: Bool?
    /// Nightlight intensity 0…65535; products with a light only.
    public var nightlightIntensity: Int?
    /// Whether all alarms are suspended.
    public var alarmsDisabled: Bool
    /// Seconds a snooze lasts (540 by default).
    public var snoozeDuration: Int
    /// The running snooze.
    public var snooze: SnoozeState
    /// Firmware, hardware version and battery.
    public var deviceInfo: DeviceInfo
    /// Whether the device is connected to the cloud.
    public var connected: Bool
    /// Wi-Fi signal strength in dBm (negative).
    public var rssi: Int
    /// IANA time zone of the device (alarms and schedules use it).
    public var timezone: String
    /// Epoch second of the last reboot.
    public var lastReset: Int?

    /// Creates a reported state.
    public init(current: CurrentState, clock: ClockState?, toddlerLock: ToddlerLockState?, toddlerLockOn: Bool?,
                nightlightOn: Bool?, nightlightIntensity: Int?, alarmsDisabled: Bool, snoozeDuration: Int,
                snooze: SnoozeState, deviceInfo: DeviceInfo, connected: Bool, rssi: Int, timezone: String,
                lastReset: Int?) {
        self.current = current
        self.clock = clock
        self.toddlerLock = toddlerLock
        self.toddlerLockOn = toddlerLockOn
        self.nightlightOn = nightlightOn
        self.nightlightIntensity = nightlightIntensity
        self.alarmsDisabled = alarmsDisabled
        self.snoozeDuration = snoozeDuration
        self.snooze = snooze
        self.deviceInfo = deviceInfo
        self.connected = connected
        self.rssi = rssi
        self.timezone = timezone
        self.lastReset = lastReset
    }

    /// The wire form (`state.reported`).
    public var jsonValue: JSONValue { .object(fields(changedSince: nil)) }

    /// The top-level wire fields that differ from `old` (`null` for a field that went away), or
    /// every field when `old` is `nil`. Devices report from it without rebuilding their whole state.
    public func fields(changedSince old: ReportedState?) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        func put<Value: Equatable>(_ key: String, _ value: Value?, was previous: Value??, _ json: (Value) -> JSONValue) {
            if let previous, previous == value { return }
            if let value {
                fields[key] = json(value)
            } else if case .some(.some) = previous {
                fields[key] = .null
            }
        }
        put("current", current, was: old.map(\.current)) { $0.jsonValue }
        put("alarmsDisabled", alarmsDisabled, was: old.map(\.alarmsDisabled)) { .bool($0) }
        put("snoozeDuration", snoozeDuration, was: old.map(\.snoozeDuration)) { .int($0) }
        put("snooze", snooze, was: old.map(\.snooze)) { $0.jsonValue }
        put("deviceInfo", deviceInfo, was: old.map(\.deviceInfo)) { $0.jsonValue }
        put("connected", connected, was: old.map(\.connected)) { .bool($0) }
        put("rssi", rssi, was: old.map(\.rssi)) { .int($0) }
        put("timezone", timezone, was: old.map(\.timezone)) { .string($0) }
        put("clock", clock, was: old.map(\.clock)) { $0.jsonValue }
        put("toddlerLock", toddlerLock, was: old.map(\.toddlerLock)) { $0.jsonValue }
        put("toddlerLockOn", toddlerLockOn, was: old.map(\.toddlerLockOn)) { .bool($0) }
        put("nightlightOn", nightlightOn, was: old.map(\.nightlightOn)) { .bool($0) }
        put("nightlightIntensity", nightlightIntensity, was: old.map(\.nightlightIntensity)) { .int($0) }
        put("lastReset", lastReset, was: old.map(\.lastReset)) { .int($0) }
        return fields
    }

    /// Reads a complete reported document (e.g. `state.reported` from `/get/accepted`).
    public init(jsonValue: JSONValue) throws {
        self = try JSONDecoder().decode(ReportedState.self, from: jsonValue.jsonData)
    }
}

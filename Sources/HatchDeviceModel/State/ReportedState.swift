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
    public var jsonValue: JSONValue {
        var fields: [String: JSONValue] = [
            "current": current.jsonValue,
            "alarmsDisabled": .bool(alarmsDisabled),
            "snoozeDuration": .int(snoozeDuration),
            "snooze": snooze.jsonValue,
            "deviceInfo": deviceInfo.jsonValue,
            "connected": .bool(connected),
            "rssi": .int(rssi),
            "timezone": .string(timezone),
        ]
        if let clock { fields["clock"] = clock.jsonValue }
        if let toddlerLock { fields["toddlerLock"] = toddlerLock.jsonValue }
        if let toddlerLockOn { fields["toddlerLockOn"] = .bool(toddlerLockOn) }
        if let nightlightOn { fields["nightlightOn"] = .bool(nightlightOn) }
        if let nightlightIntensity { fields["nightlightIntensity"] = .int(nightlightIntensity) }
        if let lastReset { fields["lastReset"] = .int(lastReset) }
        return .object(fields)
    }

    /// Reads a complete reported document (e.g. `state.reported` from `/get/accepted`).
    public init(jsonValue: JSONValue) throws {
        self = try JSONDecoder().decode(ReportedState.self, from: jsonValue.jsonData)
    }
}

import Foundation

/// The complete reported state of a Restore-family device (`state.reported`), with the field
/// names, types and scales of the real firmware. Fields a product lacks are `nil` and absent on the
/// wire (`clock`, `current.color`, the nightlight and the alarm fields on a Rest Mini, `deviceInfo.b`
/// on mains-only products). Firmware fields the toolkit does not interpret (`env`, `rF`, `REX`,
/// `lucky`, …) travel in ``firmwareFields``. A Rest+ (1st gen) reports no `current`: its
/// `isPowered`, `a` and `c` travel in ``firmwareFields`` and ``current`` is derived from them
/// (``RestPlusFields``).
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
    /// Whether all alarms are suspended; products with alarms only.
    public var alarmsDisabled: Bool?
    /// Seconds a snooze lasts (540 by default); products with alarms only.
    public var snoozeDuration: Int?
    /// The running snooze; products with alarms only.
    public var snooze: SnoozeState?
    /// Firmware, hardware version and battery.
    public var deviceInfo: DeviceInfo
    /// Whether the device is connected to the cloud.
    public var connected: Bool
    /// Wi-Fi signal strength in dBm (negative).
    public var rssi: Int
    /// IANA time zone of the device (alarms and schedules use it).
    public var timezone: String
    /// Why the device last started (`PowerOn`, `SoftwareReset`, `DeepSleep`).
    public var lastReset: String?
    /// The firmware's other top-level fields, reported as they are (`env`, `dataVersion`, `timer`,
    /// `rF`, `streaming`, `REX`, `owned`, `LWTP`, `logging`, `debug`, `lucky`, `LDR`, …).
    public var firmwareFields: JSONObject = [:]

    /// Creates a reported state; fields the firmware does not model go in `firmwareFields`.
    public init(
        current: CurrentState,
        clock: ClockState?,
        toddlerLock: ToddlerLockState?,
        toddlerLockOn: Bool?,
        nightlightOn: Bool?,
        nightlightIntensity: Int?,
        alarmsDisabled: Bool?,
        snoozeDuration: Int?,
        snooze: SnoozeState?,
        deviceInfo: DeviceInfo,
        connected: Bool,
        rssi: Int,
        timezone: String,
        lastReset: String?,
        firmwareFields: JSONObject = [:]
    ) {
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
        self.firmwareFields = firmwareFields
    }

    /// Whether this is a Rest+ (1st gen) document (`isPowered`, `a`, `c`), which reports no `current`.
    public var isRestPlusDocument: Bool { firmwareFields[RestPlusFields.powered] != nil }

    /// The fields decoded by name; everything else is a firmware field.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case current, clock, toddlerLock, toddlerLockOn, nightlightOn, nightlightIntensity, alarmsDisabled,
             snoozeDuration, snooze, deviceInfo, connected, rssi, timezone, lastReset
    }

    /// Encodes the wire form (``jsonValue``), firmware fields included.
    public func encode(to encoder: any Encoder) throws {
        try jsonValue.encode(to: encoder)
    }

    /// Decodes the typed fields; ``firmwareFields`` is filled by ``init(jsonValue:)``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // A Rest+ document has none: ``init(jsonValue:)`` derives it from its own fields.
        current = try c.decodeIfPresent(CurrentState.self, forKey: .current) ?? CurrentState(color: nil, sound: SoundState(id: 0, v: 0))
        clock = try c.decodeIfPresent(ClockState.self, forKey: .clock)
        toddlerLock = try c.decodeIfPresent(ToddlerLockState.self, forKey: .toddlerLock)
        toddlerLockOn = try c.decodeIfPresent(Bool.self, forKey: .toddlerLockOn)
        nightlightOn = try c.decodeIfPresent(Bool.self, forKey: .nightlightOn)
        nightlightIntensity = try c.decodeIfPresent(Int.self, forKey: .nightlightIntensity)
        alarmsDisabled = try c.decodeIfPresent(Bool.self, forKey: .alarmsDisabled)
        snoozeDuration = try c.decodeIfPresent(Int.self, forKey: .snoozeDuration)
        snooze = try c.decodeIfPresent(SnoozeState.self, forKey: .snooze)
        deviceInfo = try c.decode(DeviceInfo.self, forKey: .deviceInfo)
        connected = try c.decodeIfPresent(Bool.self, forKey: .connected) ?? false
        rssi = try c.decodeIfPresent(Int.self, forKey: .rssi) ?? 0
        timezone = try c.decodeIfPresent(String.self, forKey: .timezone) ?? "UTC"
        lastReset = try? c.decodeIfPresent(String.self, forKey: .lastReset)
        firmwareFields = [:]
    }

    /// The wire form (`state.reported`).
    public var jsonValue: JSONValue { .object(fields(changedSince: nil)) }

    /// The top-level wire fields that differ from `old` (`null` for a field that went away), or
    /// every field when `old` is `nil`. Devices report from it without rebuilding their whole state.
    public func fields(changedSince old: ReportedState?) -> JSONObject {
        guard let old else { return fields(comparedWith: self, known: false) }
        return fields(comparedWith: old, known: true)
    }

    /// The top-level wire fields other than `current` that differ from `old` (`null` for a field
    /// that went away): for a device that reports `current` from its own fields. `old` is read in
    /// place, not copied.
    public func fields(otherThanCurrentChangedSince old: borrowing ReportedState) -> JSONObject {
        fields(comparedWith: old, known: true, current: false)
    }

    /// The fields that differ from those of `old`; with `known` false every field present, and
    /// `current` only with `current` true.
    private func fields(comparedWith old: borrowing ReportedState, known: Bool, current includesCurrent: Bool = true) -> JSONObject {
        var fields: JSONObject = [:]
        func put<Value: Equatable>(_ key: String, _ value: Value?, was previous: Value?, _ json: (Value) -> JSONValue) {
            if known, previous == value { return }
            if let value {
                fields[key] = json(value)
            } else if known, previous != nil {
                fields[key] = .null
            }
        }
        if includesCurrent, !isRestPlusDocument { put("current", current, was: old.current) { $0.jsonValue } }
        put("alarmsDisabled", alarmsDisabled, was: old.alarmsDisabled) { .bool($0) }
        put("snoozeDuration", snoozeDuration, was: old.snoozeDuration) { .int($0) }
        put("snooze", snooze, was: old.snooze) { $0.jsonValue }
        put("deviceInfo", deviceInfo, was: old.deviceInfo) { $0.jsonValue }
        put("connected", connected, was: old.connected) { .bool($0) }
        put("rssi", rssi, was: old.rssi) { .int($0) }
        put("timezone", timezone, was: old.timezone) { .string($0) }
        put("clock", clock, was: old.clock) { $0.jsonValue }
        put("toddlerLock", toddlerLock, was: old.toddlerLock) { $0.jsonValue }
        put("toddlerLockOn", toddlerLockOn, was: old.toddlerLockOn) { .bool($0) }
        put("nightlightOn", nightlightOn, was: old.nightlightOn) { .bool($0) }
        put("nightlightIntensity", nightlightIntensity, was: old.nightlightIntensity) { .int($0) }
        put("lastReset", lastReset, was: old.lastReset) { .string($0) }
        if !known {
            for (key, value) in firmwareFields { fields[key] = value }
        } else if firmwareFields != old.firmwareFields {
            for (key, value) in firmwareFields where old.firmwareFields[key] != value { fields[key] = value }
            for key in old.firmwareFields.keys where firmwareFields[key] == nil { fields[key] = .null }
        }
        return fields
    }

    /// Reads a complete reported document (e.g. `state.reported` from `/get/accepted`).
    public init(jsonValue: JSONValue) throws {
        let object = jsonValue.objectValue ?? [:]
        // A Rest+ (1st gen) has a `clock {b, f}` of its own, not the Restore family's: it stays a
        // firmware field, as do `isPowered`, `a` and `c`.
        let restPlus = object[RestPlusFields.powered] != nil
        let typed = restPlus ? JSONValue.object(object.filter { $0.key != "clock" }) : jsonValue
        self = try JSONDecoder().decode(ReportedState.self, from: typed.jsonData)
        let known = Set(CodingKeys.allCases.map(\.rawValue)).subtracting(restPlus ? ["clock"] : [])
        firmwareFields = object.filter { !known.contains($0.key) }
        if isRestPlusDocument { current = RestPlusFields.current(from: firmwareFields) }
    }
}

import HatchDeviceModel

/// What a device keeps in flash and the fleet persists in its state folder: routines, alarms,
/// clock, toddler lock, volume, colour preset, nightlight, snooze, time zone and battery.
///
/// Copy-on-write: devices made from one fleet-file entry share its settings until one changes
/// them, so a fleet of 100,000 does not keep 100,000 copies of its factory settings.
public struct DeviceSettings: Sendable, Hashable, Codable {
    /// The stored fields; their names are the keys of the saved form.
    private struct Values: Hashable, Codable {
        var routines: RecordCollection<Routine>
        var alarms: RecordCollection<Alarm>
        var clock: ClockState?
        var toddlerLock: ToddlerLockState?
        var volume: Int
        var colorPreset: ColorState?
        var snoozeDuration: Int
        var nightlightOn: Bool?
        var nightlightIntensity: Int?
        var alarmsDisabled: Bool
        var timezone: String
        var battery: Double?
        var powerStatus: PowerStatus?
        var lastReset: Int?
        var dismissedAlarm: DismissedAlarm?
    }

    private final class Storage: @unchecked Sendable {
        // Written only through a uniquely referenced storage (`makeUnique()`), so never shared while written.
        // Reached only through `DeviceSettings`, whose accesses the compiler checks statically: the
        // run-time exclusivity check of a class property would only repeat that on every read.
        @exclusivity(unchecked) var values: Values
        init(_ values: Values) { self.values = values }
    }

    private var storage: Storage

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
    }

    /// Routines and favorites.
    public var routines: RecordCollection<Routine> {
        get { storage.values.routines }
        _modify { makeUnique(); yield &storage.values.routines }
        set { makeUnique(); storage.values.routines = newValue }
    }

    /// Alarms.
    public var alarms: RecordCollection<Alarm> {
        get { storage.values.alarms }
        _modify { makeUnique(); yield &storage.values.alarms }
        set { makeUnique(); storage.values.alarms = newValue }
    }

    /// Clock settings; `nil` on products without a clock.
    public var clock: ClockState? {
        get { storage.values.clock }
        _modify { makeUnique(); yield &storage.values.clock }
        set { makeUnique(); storage.values.clock = newValue }
    }

    /// Toddler lock; `nil` on products without one.
    public var toddlerLock: ToddlerLockState? {
        get { storage.values.toddlerLock }
        _modify { makeUnique(); yield &storage.values.toddlerLock }
        set { makeUnique(); storage.values.toddlerLock = newValue }
    }

    /// Last volume set (0…65535).
    public var volume: Int {
        get { storage.values.volume }
        _modify { makeUnique(); yield &storage.values.volume }
        set { makeUnique(); storage.values.volume = newValue }
    }

    /// Last custom colour (the "colour preset" the light returns to).
    public var colorPreset: ColorState? {
        get { storage.values.colorPreset }
        _modify { makeUnique(); yield &storage.values.colorPreset }
        set { makeUnique(); storage.values.colorPreset = newValue }
    }

    /// Seconds a snooze lasts.
    public var snoozeDuration: Int {
        get { storage.values.snoozeDuration }
        _modify { makeUnique(); yield &storage.values.snoozeDuration }
        set { makeUnique(); storage.values.snoozeDuration = newValue }
    }

    /// Nightlight on; `nil` without a light.
    public var nightlightOn: Bool? {
        get { storage.values.nightlightOn }
        _modify { makeUnique(); yield &storage.values.nightlightOn }
        set { makeUnique(); storage.values.nightlightOn = newValue }
    }

    /// Nightlight intensity; `nil` without a light.
    public var nightlightIntensity: Int? {
        get { storage.values.nightlightIntensity }
        _modify { makeUnique(); yield &storage.values.nightlightIntensity }
        set { makeUnique(); storage.values.nightlightIntensity = newValue }
    }

    /// All alarms suspended.
    public var alarmsDisabled: Bool {
        get { storage.values.alarmsDisabled }
        _modify { makeUnique(); yield &storage.values.alarmsDisabled }
        set { makeUnique(); storage.values.alarmsDisabled = newValue }
    }

    /// IANA time zone.
    public var timezone: String {
        get { storage.values.timezone }
        _modify { makeUnique(); yield &storage.values.timezone }
        set { makeUnique(); storage.values.timezone = newValue }
    }

    /// Battery level in percent (fractional); battery products only.
    public var battery: Double? {
        get { storage.values.battery }
        _modify { makeUnique(); yield &storage.values.battery }
        set { makeUnique(); storage.values.battery = newValue }
    }

    /// Power source; battery products only.
    public var powerStatus: PowerStatus? {
        get { storage.values.powerStatus }
        _modify { makeUnique(); yield &storage.values.powerStatus }
        set { makeUnique(); storage.values.powerStatus = newValue }
    }

    /// Epoch second of the last reboot.
    public var lastReset: Int? {
        get { storage.values.lastReset }
        _modify { makeUnique(); yield &storage.values.lastReset }
        set { makeUnique(); storage.values.lastReset = newValue }
    }

    /// An alarm occurrence dismissed during its sunrise, before it rang: it stays dismissed, across
    /// reboots too, and the alarm's next occurrence is the first after it.
    public var dismissedAlarm: DismissedAlarm? {
        get { storage.values.dismissedAlarm }
        _modify { makeUnique(); yield &storage.values.dismissedAlarm }
        set { makeUnique(); storage.values.dismissedAlarm = newValue }
    }

    /// Creates settings.
    public init(routines: RecordCollection<Routine> = RecordCollection(), alarms: RecordCollection<Alarm> = RecordCollection(),
                clock: ClockState?, toddlerLock: ToddlerLockState?, volume: Int, colorPreset: ColorState?,
                snoozeDuration: Int, nightlightOn: Bool?, nightlightIntensity: Int?, alarmsDisabled: Bool,
                timezone: String, battery: Double?, powerStatus: PowerStatus?, lastReset: Int? = nil) {
        storage = Storage(Values(
            routines: routines,
            alarms: alarms,
            clock: clock,
            toddlerLock: toddlerLock,
            volume: volume,
            colorPreset: colorPreset,
            snoozeDuration: snoozeDuration,
            nightlightOn: nightlightOn,
            nightlightIntensity: nightlightIntensity,
            alarmsDisabled: alarmsDisabled,
            timezone: timezone,
            battery: battery,
            powerStatus: powerStatus,
            lastReset: lastReset,
            dismissedAlarm: nil))
    }

    /// Factory settings of a product: clock on at 12-hour, bright by day and dim at night, no
    /// toddler lock, half volume, a full battery on mains.
    public static func factory(for product: HardwareProduct, timezone: String = "America/Los_Angeles") -> DeviceSettings {
        let capabilities = product.capabilities
        // Constant literals: these cannot fail.
        let seven = try! TimeOfDay(hour: 7, minute: 0)
        let evening = try! TimeOfDay(hour: 21, minute: 0)
        let dim = try! TimeOfDay(hour: 20, minute: 0)
        let clock = capabilities.clock
            ? ClockState(i: ClockBrightness(day: 0x8000, night: 0x1000).packed(for: product), flags: ClockFlags.on.rawValue,
                         turnOffMode: .never, turnOnAt: seven, turnOffAt: evening, turnDimAt: dim, turnBrightAt: seven)
            : nil
        let lock = capabilities.toddlerLock ? ToddlerLockState(turnOnMode: .never, turnOnAt: try! TimeOfDay(hour: 19, minute: 0), turnOffAt: seven) : nil
        return DeviceSettings(
            clock: clock, toddlerLock: lock, volume: 32768, colorPreset: nil,
            snoozeDuration: WireConstants.defaultSnoozeDuration,
            nightlightOn: capabilities.nightlight ? false : nil, nightlightIntensity: capabilities.nightlight ? 16384 : nil,
            alarmsDisabled: false, timezone: timezone,
            battery: capabilities.battery ? 100 : nil, powerStatus: capabilities.battery ? .onBase : nil)
    }

    public static func == (lhs: DeviceSettings, rhs: DeviceSettings) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.values == rhs.storage.values
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.values) }

    public init(from decoder: any Decoder) throws { storage = Storage(try Values(from: decoder)) }

    public func encode(to encoder: any Encoder) throws { try storage.values.encode(to: encoder) }
}

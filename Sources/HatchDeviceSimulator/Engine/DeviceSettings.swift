import HatchDeviceModel

/// What a device keeps in flash and the fleet persists in its state folder: routines, alarms,
/// clock, toddler lock, volume, colour preset, nightlight, snooze, time zone and battery.
public struct DeviceSettings: Sendable, Hashable, Codable {
    /// Routines and favorites.
    public var routines: RecordCollection<Routine>
    /// Alarms.
    public var alarms: RecordCollection<Alarm>
    /// Clock settings; `nil` on products without a clock.
    public var clock: ClockState?
    /// Toddler lock; `nil` on products without one.
    public var toddlerLock: ToddlerLockState?
    /// Last volume set (0…65535).
    public var volume: Int
    /// Last custom colour (the "colour preset" the light returns to).
    public var colorPreset: ColorState?
    /// Seconds a snooze lasts.
    public var snoozeDuration: Int
    /// Nightlight on; `nil` without a light.
    public var nightlightOn: Bool?
    /// Nightlight intensity; `nil` without a light.
    public var nightlightIntensity: Int?
    /// All alarms suspended.
    public var alarmsDisabled: Bool
    /// IANA time zone.
    public var timezone: String
    /// Battery level in percent (fractional); battery products only.
    public var battery: Double?
    /// Power source; battery products only.
    public var powerStatus: PowerStatus?
    /// Epoch second of the last reboot.
    public var lastReset: Int?
    /// An alarm occurrence dismissed during its sunrise, before it rang: it stays dismissed, across
    /// reboots too, and the alarm's next occurrence is the first after it.
    public var dismissedAlarm: DismissedAlarm?

    /// Creates settings.
    public init(routines: RecordCollection<Routine> = RecordCollection(), alarms: RecordCollection<Alarm> = RecordCollection(),
                clock: ClockState?, toddlerLock: ToddlerLockState?, volume: Int, colorPreset: ColorState?,
                snoozeDuration: Int, nightlightOn: Bool?, nightlightIntensity: Int?, alarmsDisabled: Bool,
                timezone: String, battery: Double?, powerStatus: PowerStatus?, lastReset: Int? = nil) {
        self.routines = routines
        self.alarms = alarms
        self.clock = clock
        self.toddlerLock = toddlerLock
        self.volume = volume
        self.colorPreset = colorPreset
        self.snoozeDuration = snoozeDuration
        self.nightlightOn = nightlightOn
        self.nightlightIntensity = nightlightIntensity
        self.alarmsDisabled = alarmsDisabled
        self.timezone = timezone
        self.battery = battery
        self.powerStatus = powerStatus
        self.lastReset = lastReset
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
}

/// A Hatch product, by the raw value the vendor's cloud and firmware use: the eight the vendor's
/// client (`hatch-rest-api`, `Hatch.iot_devices`) knows. What its hardware has (light, clock, battery,
/// alarms, …) is in ``capabilities``, which the simulator and clients branch on.
public enum HardwareProduct: String, Sendable, Hashable, Codable, CaseIterable {
    /// The original Restore (light, sound, clock).
    case restoreIot
    /// Restore 2 (packs day and night clock brightness into `clock.i`).
    case restoreV4
    /// Restore 3 (packs day and night clock brightness into `clock.i`).
    case restoreV5
    /// Rest 2nd gen (light, sound and clock).
    case riot
    /// Rest+ 2nd gen (light, sound, clock and a battery).
    case riotPlus
    /// Rest Mini (sound only: no light, no clock).
    case restMini
    /// Rest+ 1st gen (light, sound and a battery). Its document is its own: `isPowered`, `a {t, v}`,
    /// `c {r, g, b, i, R, W}` instead of `current` (see ``RestPlusFields``); no routines, alarms or clock.
    case restPlus
    /// Rest Baby (light, sound, clock, toddler lock and a battery; the Rest 2nd gen document).
    case restBaby

    /// What the hardware can do; the simulator and the clients both branch on this.
    public var capabilities: HardwareCapabilities {
        switch self {
        case .restoreIot:
            return HardwareCapabilities(light: true, clock: true, battery: false, packedClockBrightness: false, toddlerLock: true)
        case .restoreV4, .restoreV5:
            return HardwareCapabilities(light: true, clock: true, battery: false, packedClockBrightness: true, toddlerLock: true)
        case .riot:
            return HardwareCapabilities(light: true, clock: true, battery: false, packedClockBrightness: false, toddlerLock: true)
        case .riotPlus, .restBaby:
            return HardwareCapabilities(light: true, clock: true, battery: true, packedClockBrightness: false, toddlerLock: true)
        case .restPlus:
            return HardwareCapabilities(light: true, clock: false, battery: true, packedClockBrightness: false, toddlerLock: false,
                                        alarms: false, nightlight: false, routines: false, mute: false)
        case .restMini:
            return HardwareCapabilities(light: false, clock: false, battery: false, packedClockBrightness: false, toddlerLock: false,
                                        alarms: false)
        }
    }

    /// The name printed on the box.
    public var marketingName: String {
        switch self {
        case .restoreIot: return "Restore"
        case .restoreV4: return "Restore 2"
        case .restoreV5: return "Restore 3"
        case .riot: return "Rest 2nd gen"
        case .riotPlus: return "Rest+ 2nd gen"
        case .restMini: return "Rest Mini"
        case .restPlus: return "Rest+"
        case .restBaby: return "Rest Baby"
        }
    }

    /// The hardware version a device of this product reports in `deviceInfo.hwVersion`, in the
    /// firmware's `major.minor.patch` form (a Rest+ 2nd gen reports `"8.0.0"`, a Restore 2 `"10.0.2"`).
    public var defaultHardwareVersion: String {
        switch self {
        case .restoreIot: return "6.0.1"
        case .restoreV4: return "10.0.2"
        case .restoreV5: return "11.0.0"
        case .riot: return "8.0.0"
        case .riotPlus: return "8.0.0"
        case .restMini: return "4.0.0"
        case .restPlus: return "3.0.0"
        case .restBaby: return "12.0.0"
        }
    }

    /// A plausible current firmware version for this product (`deviceInfo.f`); the Rest+ 2nd gen,
    /// Restore 2 and Restore 3 values are ones real devices reported.
    public var defaultFirmware: String {
        switch self {
        case .restoreIot: return "6.2.112"
        case .restoreV4: return "10.1.448"
        case .restoreV5: return "10.1.625"
        case .riot: return "7.1.368"
        case .riotPlus: return "7.1.368"
        case .restMini: return "4.1.96"
        case .restPlus: return "3.4.24"
        case .restBaby: return "12.1.118"
        }
    }

    /// The sound id that means "no sound": 0 on a Rest Mini and a Rest+ (`RestMiniAudioTrack.NONE`,
    /// `RestPlusAudioTrack.NONE` in the vendor's client), 19998 elsewhere (`NO_SOUND_ID`).
    public var noSoundID: Int {
        switch self {
        case .restMini, .restPlus: return WireConstants.restMiniNoSoundID
        default: return WireConstants.soundOffID
        }
    }

    /// Whether the device reports the Rest+ 1st gen document (`isPowered`, `a`, `c`) rather than
    /// the Restore-family one (`current`).
    public var reportsRestPlusDocument: Bool { self == .restPlus }

    /// The sounds the vendor's client names for this product (see ``SoundCatalog``).
    public var sounds: SoundCatalog { SoundCatalog.of(self) }
}

/// The features a ``HardwareProduct`` has.
public struct HardwareCapabilities: Sendable, Hashable {
    /// Has a colour light (`current.color`, nightlight).
    public var light: Bool
    /// Has a clock display (`clock`).
    public var clock: Bool
    /// Runs on a battery (`deviceInfo.b`, `powerStatus`).
    public var battery: Bool
    /// `clock.i` packs night brightness in the upper and day brightness in the lower 16 bits.
    public var packedClockBrightness: Bool
    /// Has a toddler lock.
    public var toddlerLock: Bool
    /// Runs alarms (`alarmsDisabled`, `snoozeDuration`, `snooze`); a Rest Mini and a Rest+ have none.
    public var alarms: Bool
    /// Has a nightlight (`nightlightOn`, `nightlightIntensity`); a Rest+ has a light but no nightlight.
    public var nightlight: Bool
    /// Runs routines and favorites (`current.srId`); a Rest+ has none.
    public var routines: Bool
    /// Can mute its sound (`current.sound.mute`); a Rest+ has only a volume.
    public var mute: Bool

    /// Creates a capability set; a nightlight comes with a light unless said otherwise.
    public init(light: Bool, clock: Bool, battery: Bool, packedClockBrightness: Bool, toddlerLock: Bool, alarms: Bool = true,
                nightlight: Bool? = nil, routines: Bool = true, mute: Bool = true) {
        self.light = light
        self.clock = clock
        self.battery = battery
        self.packedClockBrightness = packedClockBrightness
        self.toddlerLock = toddlerLock
        self.alarms = alarms
        self.nightlight = nightlight ?? light
        self.routines = routines
        self.mute = mute
    }
}

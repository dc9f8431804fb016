/// An alarm kept by the device: at `wakeTime` on `daysOfWeek` (0 = once) the wake sound starts;
/// during the `sunriseLead` seconds before it the light ramps up to `color`. Snooze silences it for
/// `snoozeDuration` seconds (the device's, 540 by default, unless the alarm sets its own), then it fires again.
public struct Alarm: DeviceRecord {
    /// Id, unique among the device's alarms.
    public var id: Int
    /// Name shown in the app.
    public var name: String
    /// Whether the alarm is armed. One-time alarms disable themselves after firing.
    public var enabled: Bool = true
    /// Days it repeats on (Sun = 1 … Sat = 64); empty for a one-time alarm.
    public var daysOfWeek: DaysOfWeek
    /// Local wake time.
    public var wakeTime: TimeOfDay
    /// Seconds of sunrise before the wake time (0 = no sunrise).
    public var sunriseLead: Int = 1800
    /// Seconds a snooze of this alarm lasts; `nil` uses the device's `snoozeDuration` (540 by default).
    public var snoozeDuration: Int? = nil
    /// The light at the end of the sunrise (intensity ramps from 0 to `color.i`).
    public var color: ColorState = Alarm.defaultSunrise
    /// The wake sound.
    public var sound: SoundState = Alarm.defaultSound

    /// Creates an alarm kept by the device.
    public init(
        id: Int,
        name: String,
        enabled: Bool = true,
        daysOfWeek: DaysOfWeek,
        wakeTime: TimeOfDay,
        sunriseLead: Int = 1800,
        snoozeDuration: Int? = nil,
        color: ColorState = Alarm.defaultSunrise,
        sound: SoundState = Alarm.defaultSound
    ) {
        self.id = id
        self.name = name
        self.enabled = enabled
        self.daysOfWeek = daysOfWeek
        self.wakeTime = wakeTime
        self.sunriseLead = sunriseLead
        self.snoozeDuration = snoozeDuration
        self.color = color
        self.sound = sound
    }

    /// A warm sunrise colour at full intensity.
    public static let defaultSunrise = ColorState(id: WireConstants.customColorID, r: 65535, g: 32000, b: 8000, w: 20000, i: 65535)
    /// Birdsong at half volume.
    public static let defaultSound = SoundState(id: 5, v: 32768)

    /// Decodes leniently: defaults for everything but `wakeTime`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(Int.self, forKey: .id) ?? 0
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? "Alarm"
        enabled = try c.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        daysOfWeek = try c.decodeIfPresent(DaysOfWeek.self, forKey: .daysOfWeek) ?? .once
        wakeTime = try c.decode(TimeOfDay.self, forKey: .wakeTime)
        sunriseLead = try c.decodeIfPresent(Int.self, forKey: .sunriseLead) ?? 1800
        snoozeDuration = try c.decodeIfPresent(Int.self, forKey: .snoozeDuration)
        color = try c.decodeIfPresent(ColorState.self, forKey: .color) ?? Alarm.defaultSunrise
        sound = try c.decodeIfPresent(SoundState.self, forKey: .sound) ?? Alarm.defaultSound
    }

    /// `alarms`.
    public static let kind = RecordKind.alarms
    /// `alarm`.
    public static let singularKey = "alarm"

    /// Names the first invalid field, or `nil`.
    public func validationProblem() -> String? {
        if !(0...Int(Int32.max)).contains(id) { return "id must be 1…2147483647 (0 or absent assigns the next free id)" }
        if !daysOfWeek.isValid { return "daysOfWeek must be a bitmask 0…127 (Sun=1 … Sat=64, 0 = once)" }
        if !(0...7200).contains(sunriseLead) { return "sunriseLead must be 0…7200 seconds" }
        if let snoozeDuration, !(60...3600).contains(snoozeDuration) { return "snoozeDuration must be 60…3600 seconds" }
        if let problem = RangeCheck.color(color) { return "color.\(problem)" }
        if !RangeCheck.isScale(sound.v) { return "sound.v must be 0…65535" }
        return nil
    }
}

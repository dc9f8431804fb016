/// The Rest+ (1st gen, `restPlus`) document, which is not the Restore family's: the device reports
/// `isPowered` (light and sound on or off), `a {t, v}` (the `RestPlusAudioTrack` id, 0 for none, and
/// the volume 0…65535) and `c {r, g, b, i, R, W}` (channels and intensity 0…65535, `R` the random
/// colour cycle, `W` white) where other products report `current`, as the vendor's client
/// (`hatch-rest-api`, `RestPlus`) and the public `RestPlusState` type of `homebridge-hatch-baby-rest`
/// read it. The typed ``ReportedState/current`` of such a document is derived from these fields.
public enum RestPlusFields {
    /// `isPowered`: light and sound on.
    public static let powered = "isPowered"
    /// `a {t, v}`: audio track and volume.
    public static let audio = "a"
    /// `c {r, g, b, i, R, W}`: the light.
    public static let color = "c"
    /// The three fields a client sets.
    public static let settable: Set<String> = [powered, audio, color]

    /// The fields of a device that has just booted: off, no track, `volume`, no colour.
    public static func booted(volume: Int) -> JSONObject {
        [audio: ["t": 0, "v": .int(volume)],
         color: ["R": false, "W": false, "b": 0, "g": 0, "i": 0, "r": 0],
         powered: false]
    }

    /// What plays, as the Restore-family ``CurrentState`` says it: `remote` while powered with a
    /// track or a colour, the track as the sound (0 when off or none), the colour as a custom colour
    /// (`W` as full white), off when unpowered or black.
    public static func current(from fields: JSONObject) -> CurrentState {
        let powered = fields[Self.powered]?.boolValue ?? false
        let audio = fields[Self.audio]?.objectValue ?? [:]
        let light = fields[Self.color]?.objectValue ?? [:]
        func channel(_ key: String) -> Int { light[key]?.intValue ?? 0 }
        let track = powered ? audio["t"]?.intValue ?? 0 : 0
        let white = light["W"]?.boolValue ?? false, random = light["R"]?.boolValue ?? false
        let lit = powered && (channel("r") > 0 || channel("g") > 0 || channel("b") > 0 || white || random)
        let color = lit
            ? ColorState(id: WireConstants.customColorID, r: channel("r"), g: channel("g"), b: channel("b"),
                         w: white ? WireConstants.fullScale : 0, i: channel("i"))
            : ColorState.off
        return CurrentState(playing: lit || track != 0 ? .remote : .none, color: color,
                            sound: SoundState(id: track, v: audio["v"]?.intValue ?? 0))
    }

    /// Why `value` cannot be the field `key` of a Rest+ document (types and ranges, and a track the
    /// Rest+ knows), or `nil` when it can.
    public static func problem(key: String, value: JSONValue) -> String? {
        switch key {
        case powered:
            return value.boolValue == nil ? "isPowered must be true or false" : nil
        case audio:
            guard let object = value.objectValue else { return "a must be an object" }
            if let t = object["t"], t.intValue.map({ $0 == 0 || SoundCatalog.of(.restPlus).sound(id: $0) != nil }) != true {
                return "a.t must be a RestPlusAudioTrack id"
            }
            if let v = object["v"], v.intValue.map(RangeCheck.isScale) != true { return "a.v must be 0…65535" }
            return nil
        case color:
            guard let object = value.objectValue else { return "c must be an object" }
            for key in ["r", "g", "b", "i"] {
                if let channel = object[key], channel.intValue.map(RangeCheck.isScale) != true { return "c.\(key) must be 0…65535" }
            }
            for key in ["R", "W"] {
                if let flag = object[key], flag.boolValue == nil { return "c.\(key) must be true or false" }
            }
            return nil
        default:
            return "\(key) is not a Rest+ field"
        }
    }
}

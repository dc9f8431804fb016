/// Something an app asks a device to do. Each action becomes a `state.desired` patch with the
/// firmware's field names, so the simulator's tests and the IoT clients send identical commands.
public enum DeviceAction: Sendable, Hashable {
    /// Start a routine or favorite by id (`current {srId, step: 1, playing: routine, paused: false}`).
    case startRoutine(id: Int)
    /// Stop everything (`current {srId: 0, step: 0, playing: none}`); also dismisses a ringing alarm.
    case turnOff
    /// Show a custom colour (id 9999); channels and intensity 0…65535; with a `duration` (seconds)
    /// it goes off by itself (`until: "duration"`), otherwise it stays (`"indefinite"`).
    case setColor(r: Int, g: Int, b: Int, w: Int, intensity: Int, duration: Int = 0)
    /// Turn the light off (colour id 9998).
    case lightOff
    /// Play a sound at a volume 0…65535; the product's file for the id is sent when `url` is empty.
    /// With a `duration` (seconds) it stops by itself.
    case playSound(id: Int, volume: Int, url: String = "", duration: Int = 0)
    /// Stop the sound (the product's no-sound id: 19998, or 0 on a Rest Mini).
    case stopSound
    /// Change the volume only (`current.sound.v`).
    case setVolume(Int)
    /// Mute or unmute.
    case setMute(Bool)
    /// Toddler lock mode.
    case setToddlerLock(ToddlerLockMode)
    /// Clock flags: display on and 24-hour mode.
    case setClockFlags(on: Bool, twentyFourHour: Bool)
    /// Clock brightness; packed into `clock.i` as the product requires.
    case setClockBrightness(ClockBrightness)
    /// Clock display schedule.
    case setClockSchedule(mode: ClockTurnOffMode, turnOnAt: TimeOfDay, turnOffAt: TimeOfDay,
                          turnDimAt: TimeOfDay, turnBrightAt: TimeOfDay)
    /// Nightlight on or off.
    case setNightlight(Bool)
    /// Snooze the ringing alarm, starting at an epoch second.
    case snooze(startTime: Int)
    /// Dismiss the ringing (or snoozed) alarm.
    case dismissAlarm
    /// Suspend or resume all alarms.
    case setAlarmsDisabled(Bool)
    /// Seconds a snooze lasts.
    case setSnoozeDuration(Int)

    /// The `state.desired` patch for a device of `product`.
    public func desiredPatch(for product: HardwareProduct) -> JSONValue {
        if product.reportsRestPlusDocument, let patch = restPlusPatch { return patch }
        switch self {
        case .startRoutine(let id):
            // In key order, as every literal here: an object built in order needs no sort.
            return ["current": ["paused": false, "playing": "routine", "srId": .int(id), "step": 1]]
        case .turnOff, .dismissAlarm:
            return ["current": ["playing": "none", "srId": 0, "step": 0]]
        case .setColor(let r, let g, let b, let w, let intensity, let duration):
            return ["current": ["color": ["b": .int(b), "duration": .int(duration), "g": .int(g), "i": .int(intensity),
                                          "id": .int(WireConstants.customColorID), "r": .int(r), "until": Self.until(duration),
                                          "w": .int(w)]]]
        case .lightOff:
            return ["current": ["color": ["id": .int(WireConstants.colorOffID)]]]
        case .playSound(let id, let volume, let url, let duration):
            let file = url.isEmpty ? product.sounds.sound(id: id)?.url ?? "" : url
            return ["current": ["sound": ["duration": .int(duration), "id": .int(id), "mute": false, "until": Self.until(duration),
                                          "url": .string(file), "v": .int(volume)]]]
        case .stopSound:
            return ["current": ["sound": ["id": .int(product.noSoundID)]]]
        case .setVolume(let volume):
            return ["current": ["sound": ["v": .int(volume)]]]
        case .setMute(let mute):
            return ["current": ["sound": ["mute": .bool(mute)]]]
        case .setToddlerLock(let mode):
            return ["toddlerLock": ["turnOnMode": .string(mode.rawValue)]]
        case .setClockFlags(let on, let twentyFourHour):
            var flags: ClockFlags = []
            if on { flags.insert(.on) }
            if twentyFourHour { flags.insert(.twentyFourHour) }
            return ["clock": ["flags": .int(flags.rawValue)]]
        case .setClockBrightness(let brightness):
            return ["clock": ["i": .int(brightness.packed(for: product))]]
        case .setClockSchedule(let mode, let on, let off, let dim, let bright):
            return ["clock": ["turnBrightAt": .string(bright.wireValue), "turnDimAt": .string(dim.wireValue),
                              "turnOffAt": .string(off.wireValue), "turnOffMode": .string(mode.rawValue),
                              "turnOnAt": .string(on.wireValue)]]
        case .setNightlight(let on):
            return ["nightlightOn": .bool(on)]
        case .snooze(let startTime):
            return ["snooze": ["active": true, "startTime": .int(startTime)]]
        case .setAlarmsDisabled(let disabled):
            return ["alarmsDisabled": .bool(disabled)]
        case .setSnoozeDuration(let seconds):
            return ["snoozeDuration": .int(seconds)]
        }
    }

    /// The patch on a Rest+ (1st gen), which has `isPowered`, `a {t, v}` and `c {r, g, b, i, R, W}`
    /// instead of `current`; `nil` for an action it has no field for. A colour or a sound powers it on.
    private var restPlusPatch: JSONValue? {
        switch self {
        case .turnOff, .dismissAlarm:
            return ["isPowered": false]
        case .setColor(let r, let g, let b, let w, let intensity, _):
            let white = w > 0 && r == 0 && g == 0 && b == 0
            return ["c": ["R": false, "W": .bool(white), "b": .int(b), "g": .int(g), "i": .int(intensity), "r": .int(r)],
                    "isPowered": true]
        case .lightOff:
            return ["c": ["R": false, "W": false, "b": 0, "g": 0, "i": 0, "r": 0]]
        case .playSound(let id, let volume, _, _):
            return ["a": ["t": .int(id), "v": .int(volume)], "isPowered": true]
        case .stopSound:
            return ["a": ["t": 0]]
        case .setVolume(let volume):
            return ["a": ["v": .int(volume)]]
        default:
            return nil
        }
    }

    /// `until` for a colour or sound with `duration` seconds (0: until changed).
    static func until(_ duration: Int) -> JSONValue {
        .string((duration > 0 ? PlaybackUntil.duration : .indefinite).rawValue)
    }

    /// The complete `shadow/update` request payload (`{"state": {"desired": …}, "clientToken": …}`).
    public func updateRequest(for product: HardwareProduct, clientToken: String? = nil, version: Int? = nil) -> JSONValue {
        ShadowRequest.update(desired: desiredPatch(for: product), clientToken: clientToken, version: version)
    }
}

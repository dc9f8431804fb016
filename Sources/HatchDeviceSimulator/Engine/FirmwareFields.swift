import HatchDeviceModel
import Synchronization

/// The top-level fields real firmware reports besides the ones the toolkit interprets, with
/// plausible constant values. Clients read some of them (`hatch-rest-api` logs them; Home
/// Assistant shows `rF`), so every device reports them; the shapes follow public captures of a
/// Rest+ 2nd gen and a Restore 2 and the reported-state types of `homebridge-hatch-baby-rest`
/// (`RestPlusState` for the Rest+ 1st gen, whose document is its own).
public enum FirmwareFields {
    /// The fields `profile`'s device reports. `REX.lock` and `lucky` (opaque numbers that differ
    /// between real devices) are one of 64 variants picked by the device's seed, so devices of one
    /// product and firmware share the storage of these fields (copy-on-write) instead of keeping
    /// about 850 bytes each for their lives.
    public static func reported(by profile: DeviceProfile) -> JSONObject {
        let product = profile.product
        let variant = profile.seed % variants
        // A Rest+ 1st gen reports its name among these fields: its fields are its own.
        guard !product.reportsRestPlusDocument else { return make(product: product, firmware: profile.firmware, variant: variant, name: profile.name) }
        let key = "\(product.rawValue) \(profile.firmware) \(variant)"
        if let fields = shared.withLock({ $0[key] }) { return fields }
        let fields = make(product: product, firmware: profile.firmware, variant: variant, name: nil)
        return shared.withLock { shared in
            if let existing = shared[key] { return existing }
            // Bounded: a fleet of many firmware versions keeps its later devices' fields per device.
            if shared.count < 4_096 { shared[key] = fields }
            return fields
        }
    }

    private static let variants: UInt64 = 64
    private static let shared = Mutex<[String: JSONObject]>([:])

    private static func make(product: HardwareProduct, firmware: String, variant: UInt64, name: String?) -> JSONObject {
        var fields = constant(for: product)
        // Room for exactly the fields below: inserting into the shared constant would copy it into
        // storage grown for appends, about twice the fields a device keeps for its life.
        fields.reserveCapacity(fields.count + 4)
        fields["rF"] = releaseField(product: product, firmware: firmware) {
            let build = firmware.replacingOccurrences(of: ".", with: "_")
            return ["v": .string(firmware), "i": true,
                    "u": .string("https://firmware.hatchbaby.com/prod/\(product.rawValue)/\(product.rawValue)_DFU_\(build).bin?f=g")]
        }
        // Spread over the whole range, as the per-device numbers of real devices are.
        let mixed = (variant &+ 1) &* 0x9E37_79B9_7F4A_7C15
        fields["REX"] = ["lock": .int(Int(mixed % 1_000_000_000)), "key": 0, "command": "none"]
        fields["lucky"] = .int(Int((mixed >> 17) % 65_536))
        if let name { fields["name"] = .string(name) }
        return fields
    }

    /// The `rF` object of a product and firmware version, made once and shared by every device
    /// that reports it (about 250 bytes a device would otherwise keep for its life).
    private static func releaseField(product: HardwareProduct, firmware: String, make: () -> JSONValue) -> JSONValue {
        let key = "\(product.rawValue) \(firmware)"
        return releaseFields.withLock { fields in
            if let field = fields[key] { return field }
            let field = make()
            fields[key] = field
            return field
        }
    }

    private static let releaseFields = Mutex<[String: JSONValue]>([:])

    /// The fields every device of `product` reports alike.
    private static func constant(for product: HardwareProduct) -> JSONObject {
        switch product {
        case .restMini: return restMini
        case .restPlus: return restPlus
        case .restoreV4, .restoreV5: return restore
        default: return others
        }
    }

    private static let common: JSONObject = [
        "env": "prod",
        "timer": ["s": "2026-01-01 00:00:00", "d": 0],
        "streaming": ["status": "none"],
        "owned": true,
        "LWTP": false,
        "logging": 21,
        "debug": 0,
        "LDR": "OK",
    ]

    private static let restMini = common.merging([
        "playNext": ["enabled": false,
                     "sound": ["id": 0, "v": 0, "mute": false, "url": "", "duration": 0,
                               "until": "indefinite", "ignoreVolume": false]],
    ]) { $1 }

    private static let others = common.merging([
        "dataVersion": "20260101000000000",
        "sleepScene": ["srId": 0, "enabled": false],
    ]) { $1 }

    private static let restore = others.merging([
        "knockThreshold": 20,
        "knockDuration": 0,
        "activeTap": true,
        "knockAxis": 1,
    ]) { $1 }

    /// A Rest+ 1st gen: no `env` or `current`; its presets and programs, the active ones, the
    /// battery monitor `bM`, its own clock `{b, f}` and the hardware self-test fields.
    private static let restPlus: JSONObject = {
        let ocean: JSONValue = ["t": 5, "v": 32768]
        let warm: JSONValue = ["R": false, "W": false, "b": 4000, "g": 20000, "i": 20000, "r": 65535]
        return [
            "owned": true, "LWTP": false, "debug": 0, "LDR": "OK",
            "timer": ["s": "2026-01-01 00:00:00", "d": 0],
            "activePresetIndex": 0, "activeProgramIndex": 0, "isFactory": false, "isPaused": false,
            "date": "2026-01-01",
            "clock": ["b": 0, "f": 0],
            "bM": ["b": 0, "d": 0],
            "stream": ["LTP": false, "PIP": "0.0.0.0", "PP": 0, "PTL": false, "v": 0],
            "SDIO": "1.8V",
            "PSRAM": ["ID": "0D", "HI": "5D", "EID": "52", "week": "1"],
            "FLASH": ["ID": "EF4018"],
            "memTest": ["testsPass": 1, "testsFail": 0, "wordsChecked": 2_097_152, "wordsFail": 0, "failAddr": "0x00000000"],
            "presets": ["0": ["a": ocean, "c": warm, "f": 0]],
            "programs": ["0": ["a": ocean, "bm": ["b": 0, "d": 0], "c": warm, "d": "0000000", "D": 0, "U": 0, "f": 0,
                               "n": "Bedtime", "P": false, "p": 0]],
        ]
    }()
}

import HatchDeviceModel

/// The top-level fields real firmware reports besides the ones the toolkit interprets, with
/// plausible constant values. Clients read some of them (`hatch-rest-api` logs them; Home
/// Assistant shows `rF`), so every device reports them; the shapes follow public captures of a
/// Rest+ 2nd gen and a Restore 2 and the reported-state types of `homebridge-hatch-baby-rest`.
public enum FirmwareFields {
    /// The fields `profile`'s device reports.
    public static func reported(by profile: DeviceProfile) -> [String: JSONValue] {
        let product = profile.product
        let seed = profile.seed
        let build = profile.firmware.replacingOccurrences(of: ".", with: "_")
        var fields: [String: JSONValue] = [
            "env": "prod",
            "timer": ["s": "2026-01-01 00:00:00", "d": 0],
            "streaming": ["status": "none"],
            "rF": ["v": .string(profile.firmware), "i": true,
                   "u": .string("https://firmware.hatchbaby.com/prod/\(product.rawValue)/\(product.rawValue)_DFU_\(build).bin?f=g")],
            "REX": ["lock": .int(Int(seed % 1_000_000_000)), "key": 0, "command": "none"],
            "owned": true,
            "LWTP": false,
            "logging": 21,
            "debug": 0,
            "lucky": .int(Int((seed >> 17) % 65_536)),
            "LDR": "OK",
        ]
        if product == .restMini {
            fields["playNext"] = ["enabled": false,
                                  "sound": ["id": 0, "v": 0, "mute": false, "url": "", "duration": 0,
                                            "until": "indefinite", "ignoreVolume": false]]
        } else {
            fields["dataVersion"] = "20260101000000000"
            fields["sleepScene"] = ["srId": 0, "enabled": false]
        }
        if product == .restoreV4 || product == .restoreV5 {
            fields["knockThreshold"] = 20
            fields["knockDuration"] = 0
            fields["activeTap"] = true
            fields["knockAxis"] = 1
        }
        return fields
    }
}

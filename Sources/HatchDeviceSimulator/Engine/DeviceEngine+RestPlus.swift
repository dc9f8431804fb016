import Foundation
import HatchDeviceModel

/// The Rest+ (1st gen) firmware: its state is `isPowered`, `a {t, v}` and `c {r, g, b, i, R, W}`
/// (``RestPlusFields``), reported as they are; ``DeviceEngine/state``'s `current` follows them.
extension DeviceEngine {
    /// Boots a Rest+: off, no track, the volume from flash, the colour preset from flash (black when none).
    mutating func bootRestPlus() {
        var fields = RestPlusFields.booted(volume: settings.volume)
        if let preset = settings.colorPreset {
            fields[RestPlusFields.color] = ["R": false, "W": false, "b": .int(preset.b), "g": .int(preset.g),
                                            "i": .int(preset.i), "r": .int(preset.r)]
        }
        state.deviceInfo.powerStatus = nil
        for (key, value) in fields { state.firmwareFields[key] = value }
        state.current = RestPlusFields.current(from: state.firmwareFields)
    }

    /// Applies one of `isPowered`, `a` or `c` from a desired patch; a field with a wrong type, out
    /// of range, or a track the Rest+ does not have stays unapplied (and so stays desired).
    mutating func applyRestPlus(_ key: String, _ value: JSONValue) -> Bool {
        guard RestPlusFields.problem(key: key, value: value) == nil else { return false }
        if let patch = value.objectValue {
            var merged = state.firmwareFields[key]?.objectValue ?? [:]
            for (field, fieldValue) in patch where ["t", "v", "r", "g", "b", "i", "R", "W"].contains(field) {
                merged[field] = fieldValue
            }
            state.firmwareFields[key] = .object(merged)
            if key == RestPlusFields.audio, let volume = patch["v"]?.intValue { settings.volume = volume }
            if key == RestPlusFields.color {
                func channel(_ name: String) -> Int { merged[name]?.intValue ?? 0 }
                settings.colorPreset = ColorState(id: WireConstants.customColorID, r: channel("r"), g: channel("g"),
                                                  b: channel("b"), i: channel("i"))
            }
        } else {
            state.firmwareFields[key] = value
        }
        state.current = RestPlusFields.current(from: state.firmwareFields)
        stateChanged = true
        return true
    }

    /// Powers a Rest+ off (an empty battery): `isPowered` false, track and colour kept.
    mutating func powerOffRestPlus() -> [EngineEvent] {
        state.firmwareFields[RestPlusFields.powered] = false
        state.current = RestPlusFields.current(from: state.firmwareFields)
        stateChanged = true
        return []
    }
}

import HatchDeviceModel

/// Client-side check that a product can perform an action, so that the user hears "a Rest Mini has
/// no light" instead of a generic rejection, and nothing useless goes on the wire.
enum ActionCapabilityCheck {
    /// Why `product` cannot perform `action`, or `nil` when it can.
    static func problem(with action: DeviceAction, on product: HardwareProduct) -> String? {
        let capabilities = product.capabilities
        switch action {
        case .setColor, .lightOff, .setNightlight:
            return capabilities.light ? nil : "it has no light"
        case .setClockFlags, .setClockBrightness, .setClockSchedule:
            return capabilities.clock ? nil : "it has no clock display"
        case .setToddlerLock:
            return capabilities.toddlerLock ? nil : "it has no toddler lock"
        case .playSound(let id, let volume, _, _):
            if id == product.noSoundID || id == WireConstants.soundOffID { return "sound \(id) means no sound; stop the sound instead" }
            return RangeCheck.isScale(volume) ? nil : "volume \(volume) is outside 0…65535"
        case .setVolume(let volume):
            return RangeCheck.isScale(volume) ? nil : "volume \(volume) is outside 0…65535"
        case .snooze, .dismissAlarm, .setAlarmsDisabled, .setSnoozeDuration:
            return capabilities.alarms ? nil : "it has no alarms"
        case .startRoutine, .turnOff, .stopSound, .setMute:
            return nil
        }
    }
}

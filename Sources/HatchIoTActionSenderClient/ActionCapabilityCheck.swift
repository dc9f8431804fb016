import HatchDeviceModel

/// Client-side check that a product can perform an action, so that the user hears "a Rest Mini has
/// no light" instead of a generic rejection, and nothing useless goes on the wire.
enum ActionCapabilityCheck {
    /// Why `product` cannot perform `action`, or `nil` when it can.
    static func problem(with action: DeviceAction, on product: HardwareProduct) -> String? {
        let capabilities = product.capabilities
        switch action {
        case .setColor, .lightOff:
            return capabilities.light ? nil : "it has no light"
        case .setNightlight:
            return capabilities.nightlight ? nil : capabilities.light ? "it has no nightlight" : "it has no light"
        case .setClockFlags, .setClockBrightness, .setClockSchedule:
            return capabilities.clock ? nil : "it has no clock display"
        case .setToddlerLock:
            return capabilities.toddlerLock ? nil : "it has no toddler lock"
        case .playSound(let id, let volume, _, _):
            if id == product.noSoundID || id == WireConstants.soundOffID { return "sound \(id) means no sound; stop the sound instead" }
            if product.reportsRestPlusDocument, product.sounds.sound(id: id) == nil {
                return "sound \(id) is not one of its tracks (\(product.sounds.sounds.map { String($0.id) }.joined(separator: ", ")))"
            }
            return RangeCheck.isScale(volume) ? nil : "volume \(volume) is outside 0…65535"
        case .setVolume(let volume):
            return RangeCheck.isScale(volume) ? nil : "volume \(volume) is outside 0…65535"
        case .snooze, .dismissAlarm, .setAlarmsDisabled, .setSnoozeDuration:
            return capabilities.alarms ? nil : "it has no alarms"
        case .startRoutine:
            return capabilities.routines ? nil : "it has no routines or favorites"
        case .setMute:
            return capabilities.mute ? nil : "it has no mute, only a volume"
        case .turnOff, .stopSound:
            return nil
        }
    }
}

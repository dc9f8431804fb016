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
        case .playSound(_, let volume, _, _, _), .setVolume(let volume):
            return RangeCheck.isScale(volume) ? nil : "volume \(volume) is outside 0…65535"
        case .startRoutine, .turnOff, .stopSound, .setMute, .snooze, .dismissAlarm, .setAlarmsDisabled, .setSnoozeDuration:
            return nil
        }
    }
}

import HatchDeviceModel

/// What a control on a card asks of one device.
package enum DashboardDeviceAction: Sendable, Hashable {
    /// The light to a colour (0…255 channels) at a brightness (0…100 %).
    case light(red: Int, green: Int, blue: Int, brightness: Int)
    /// The light off.
    case lightOff
    /// A sound by id, at a volume (0…100 %).
    case sound(id: Int, volume: Int)
    /// The sound off.
    case soundOff
    /// The volume (0…100 %).
    case volume(Int)
    /// Start the routine with this id.
    case startRoutine(id: Int)
    /// Stop what runs.
    case stopRoutine
    /// Snooze the ringing alarm.
    case snooze
    /// Dismiss the ringing or snoozed alarm.
    case dismiss
    /// A `desired` document sent to the shadow as it is (the shadow panel's editor).
    case desired(JSONValue)

    /// The shadow action of the plain controls (light, sound, volume); `nil` for those that go
    /// through the routine and alarm features (start, stop, snooze, dismiss).
    package var shadowAction: DeviceAction? {
        switch self {
        case .light(let red, let green, let blue, let brightness):
            return .setColor(r: Self.scale255(red), g: Self.scale255(green), b: Self.scale255(blue), w: 0,
                             intensity: Self.scalePercent(brightness))
        case .lightOff: return .lightOff
        case .sound(let id, let volume): return .playSound(id: id, volume: Self.scalePercent(volume))
        case .soundOff: return .stopSound
        case .volume(let volume): return .setVolume(Self.scalePercent(volume))
        case .startRoutine, .stopRoutine, .snooze, .dismiss, .desired: return nil
        }
    }

    /// A short name for replies and logs: `light`, `sound`, `routine start`, …
    package var name: String {
        switch self {
        case .light, .lightOff: return "light"
        case .sound, .soundOff: return "sound"
        case .volume: return "volume"
        case .startRoutine: return "routine start"
        case .stopRoutine: return "routine stop"
        case .snooze: return "alarm snooze"
        case .dismiss: return "alarm dismiss"
        case .desired: return "desired update"
        }
    }

    static func scale255(_ value: Int) -> Int { min(255, max(0, value)) * WireConstants.fullScale / 255 }
    static func scalePercent(_ value: Int) -> Int { min(100, max(0, value)) * WireConstants.fullScale / 100 }
}

import Foundation
import PropertyBased
import HatchDeviceModel
@testable import HatchDeviceSimulator

/// One step of a generated scenario: an operation of the vendor's client (`hatch-rest-api`), sent
/// as the `state.desired` patch that client sends, or something the world does to the device.
enum DeviceStep: Sendable, Hashable, CustomStringConvertible {
    case setVolume(percent: Int)
    case setColor(red: Int, green: Int, blue: Int, brightness: Int)
    case lightOff
    case playSound(index: Int)
    case soundOff
    case clockOn(day: Int, night: Int)
    case clockOff
    case clock24Hour(Bool)
    case clockSchedule(on: TimeOfDay, off: TimeOfDay)
    case toddlerLock(Bool)
    case toddlerLockSchedule(on: TimeOfDay, off: TimeOfDay)
    case favorite(id: Int)
    case turnOff
    case snooze
    case alarmsDisabled(Bool)
    case wait(seconds: Int)
    case reboot
    /// The `rejectUpdates` fault: the next shadow update is rejected with 503.
    case rejectNextUpdate
    /// The `plugIn` / `unplug` fault.
    case power(pluggedIn: Bool)

    var description: String {
        switch self {
        case .setVolume(let percent): return "set_volume(\(percent))"
        case .setColor(let r, let g, let b, let i): return "set_color(\(r), \(g), \(b), brightness: \(i))"
        case .lightOff: return "turn_light_off()"
        case .playSound(let index): return "play sound #\(index)"
        case .soundOff: return "sound off"
        case .clockOn(let day, let night): return "set_clock(day: \(day), night: \(night))"
        case .clockOff: return "turn_clock_off()"
        case .clock24Hour(let on): return "clock.flags 24-hour \(on)"
        case .clockSchedule(let on, let off): return "clock scheduled \(on)–\(off)"
        case .toddlerLock(let on): return "set_toddler_lock(\(on))"
        case .toddlerLockSchedule(let on, let off): return "toddler lock custom \(on)–\(off)"
        case .favorite(let id): return "set_favorite(\(id))"
        case .turnOff: return "turn_off()"
        case .snooze: return "snooze"
        case .alarmsDisabled(let disabled): return "alarmsDisabled \(disabled)"
        case .wait(let seconds): return "wait \(seconds) s"
        case .reboot: return "reboot"
        case .rejectNextUpdate: return "fault rejectUpdates(1)"
        case .power(let plugged): return plugged ? "fault plugIn" : "fault unplug"
        }
    }

    /// Random steps, with waits and commands mixed so that a sequence crosses many hours; the weights
    /// are each step's share in 32. Shrinking a failure shrinks each step's values toward the first
    /// of their range, so a shrunk sequence has short waits and low settings.
    static let generator: Generator<DeviceStep, AnySequence<(index: Int, value: Any)>> = {
        let bool = Gen.bool
        let time = zip(Gen.int(in: 0...23), Gen.int(in: 0...3)).map { hour, quarter in
            try! TimeOfDay(hour: hour, minute: quarter * 15)  // cannot fail: both in range
        }
        let component = Gen.int(in: 0...255)
        let steps: [(weight: Double, gen: Generator<DeviceStep, AnySequence<Any>>)] = [
            (2, Gen.int(in: 0...100).map { DeviceStep.setVolume(percent: $0) }.eraseToAny()),
            (2, zip(component, component, component, Gen.int(in: 1...100))
                .map { DeviceStep.setColor(red: $0.0, green: $0.1, blue: $0.2, brightness: $0.3) }.eraseToAny()),
            (1, Gen.always(DeviceStep.lightOff).eraseToAny()),
            (2, Gen.int(in: 0...7).map { DeviceStep.playSound(index: $0) }.eraseToAny()),
            (1, Gen.always(DeviceStep.soundOff).eraseToAny()),
            (1, zip(Gen.int(in: 0...100), Gen.int(in: 0...100)).map { DeviceStep.clockOn(day: $0, night: $1) }.eraseToAny()),
            (1, Gen.always(DeviceStep.clockOff).eraseToAny()),
            (1, bool.map { DeviceStep.clock24Hour($0) }.eraseToAny()),
            (1, zip(time, time).map { DeviceStep.clockSchedule(on: $0, off: $1) }.eraseToAny()),
            (1, bool.map { DeviceStep.toddlerLock($0) }.eraseToAny()),
            (1, zip(time, time).map { DeviceStep.toddlerLockSchedule(on: $0, off: $1) }.eraseToAny()),
            (2, Gen.int(in: 1...3).map { DeviceStep.favorite(id: $0) }.eraseToAny()),
            (1, Gen.always(DeviceStep.turnOff).eraseToAny()),
            (2, Gen.always(DeviceStep.snooze).eraseToAny()),
            (1, Gen.bool(1.0 / 6).map { DeviceStep.alarmsDisabled($0) }.eraseToAny()),
            (1, Gen.always(DeviceStep.reboot).eraseToAny()),
            (1, Gen.always(DeviceStep.rejectNextUpdate).eraseToAny()),
            (1, bool.map { DeviceStep.power(pluggedIn: $0) }.eraseToAny()),
            (5, Gen.int(in: 1...120).map { DeviceStep.wait(seconds: $0 * 30) }.eraseToAny()),
            (4, zip(Gen.int(in: 1...36), Gen.int(in: 0...59)).map { DeviceStep.wait(seconds: $0 * 3600 + $1 * 60) }.eraseToAny()),
        ]
        return Gen.frequency(steps)
    }()
}

import Foundation
import HatchDeviceModel
import HatchSeededRandom
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
    /// An alarm record edited (or created, when there is none with `id`) on the alarms request topic.
    case editAlarm(id: Int, days: Int, wake: TimeOfDay, lead: Int, snooze: Int?)
    /// An alarm record deleted.
    case deleteAlarm(id: Int)
    /// An alarm record enabled or disabled.
    case enableAlarm(id: Int, Bool)
    /// A routine record edited to steps of these durations (0 = until stopped).
    case editRoutine(id: Int, durations: [Int])

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
        case .editAlarm(let id, let days, let wake, let lead, let snooze):
            return "alarm \(id): daysOfWeek \(days), wake \(wake), sunriseLead \(lead) s" + (snooze.map { ", snooze \($0) s" } ?? "")
        case .deleteAlarm(let id): return "delete alarm \(id)"
        case .enableAlarm(let id, let on): return "\(on ? "enable" : "disable") alarm \(id)"
        case .editRoutine(let id, let durations): return "routine \(id) steps \(durations) s"
        }
    }

    /// A random step; waits and commands are mixed so that a sequence crosses many hours.
    static func random(using random: inout SeededRandom) -> DeviceStep {
        func time() -> TimeOfDay { try! TimeOfDay(hour: random.int(0...23), minute: random.int(0...3) * 15) }  // cannot fail
        switch random.int(0...35) {
        case 0...1: return .setVolume(percent: random.int(0...100))
        case 2...3: return .setColor(red: random.int(0...255), green: random.int(0...255), blue: random.int(0...255), brightness: random.int(1...100))
        case 4: return .lightOff
        case 5...6: return .playSound(index: random.int(0...7))
        case 7: return .soundOff
        case 8: return .clockOn(day: random.int(0...100), night: random.int(0...100))
        case 9: return .clockOff
        case 10: return .clock24Hour(random.int(0...1) == 1)
        case 11: return .clockSchedule(on: time(), off: time())
        case 12: return .toddlerLock(random.int(0...1) == 1)
        case 13: return .toddlerLockSchedule(on: time(), off: time())
        case 14...15: return .favorite(id: random.int(1...3))
        case 16: return .turnOff
        case 17...18: return .snooze
        case 19: return .alarmsDisabled(random.int(0...5) == 0)
        case 20: return .reboot
        case 30: return .rejectNextUpdate
        case 31: return .power(pluggedIn: random.int(0...1) == 1)
        case 21...25: return .wait(seconds: random.int(1...120) * 30)
        case 32...33:
            // Any hour (the 02:00 a spring change skips and the 01:00 an autumn change repeats too).
            let wake = try! TimeOfDay(hour: random.int(0...23), minute: random.int(0...11) * 5)  // cannot fail
            let days = [0, 127, 62, 65, random.int(1...127), random.int(1...127)][random.int(0...5)]
            let lead = [0, 60, 300, 900, 1800, 3600, 7200][random.int(0...6)]
            return .editAlarm(id: random.int(11...14), days: days, wake: wake, lead: lead, snooze: random.int(0...2) == 0 ? random.int(1...60) * 60 : nil)
        case 34: return random.int(0...2) == 0 ? .deleteAlarm(id: random.int(11...14)) : .enableAlarm(id: random.int(11...14), random.int(0...2) > 0)
        case 35: return .editRoutine(id: random.int(1...2), durations: (0...random.int(0...2)).map { _ in random.int(0...5) == 0 ? 0 : random.int(1...90) * 60 })
        default: return .wait(seconds: random.int(1...36) * 3600 + random.int(0...59) * 60)
        }
    }
}

extension SeededRandom {
    /// A number in `range`, for generating steps.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}

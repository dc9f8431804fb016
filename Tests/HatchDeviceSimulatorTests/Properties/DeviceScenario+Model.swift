import Foundation
import HatchDeviceModel
@testable import HatchDeviceSimulator

extension DeviceScenario {
    /// What the device's rules say must be true, kept without the engine's code: schedule edges
    /// found by walking local minutes, every alarm and routine event predicted by ``Timeline``,
    /// versions by counting.
    struct Model {
        let product: HardwareProduct
        var problem: String?

        // Clock display and toddler lock: the last explicit command, or the last edge since.
        var clockOn: Bool?
        var twentyFourHour: Bool?
        var clockSchedule: (on: TimeOfDay, off: TimeOfDay)?
        var lockOn: Bool?
        var lockSchedule: (on: TimeOfDay, off: TimeOfDay)?
        var lastTime: Date
        var appliedEdges: Set<String> = []

        // Alarms, routines and the shadow.
        var timeline: Timeline
        /// The end of the last window whose events were compared.
        var lastObserved: Int
        var alarmsDisabled = false
        var version: Int?
        var pluggedIn: Bool?

        init(product: HardwareProduct, core: DeviceCore, start: Date) {
            self.product = product
            let state = core.engine.state
            clockOn = state.clock.map { ClockFlags(rawValue: $0.flags).contains(.on) }
            twentyFourHour = state.clock.map { ClockFlags(rawValue: $0.flags).contains(.twentyFourHour) }
            lockOn = state.toddlerLockOn
            lastTime = start
            timeline = Timeline(product: product, settings: core.engine.settings, timeZone: DeviceScenario.timeZone, start: DeviceScenario.epoch(start))
            lastObserved = DeviceScenario.epoch(start)
        }

        // MARK: Commands, as the vendor's client sends them

        /// The `state.desired` patch the vendor's client sends for `step`, or `nil` when it sends none.
        func patch(for step: DeviceStep, state: ReportedState) -> JSONValue? {
            let light = product.capabilities.light, clock = product.capabilities.clock
            func scale(_ percent: Int) -> Int { Int((Double(percent) / 100 * 65535).rounded()) }
            func hex(_ value: Int) -> Int { Int((Double(value) / 255 * 65535).rounded()) }
            let flags = state.clock?.flags ?? 0
            switch step {
            case .setVolume(let percent): return ["current": ["sound": ["v": .int(scale(percent))]]]
            case .setColor(let r, let g, let b, let i):
                guard light else { return nil }
                let color: JSONValue = ["id": 9999, "r": .int(hex(r)), "g": .int(hex(g)), "b": .int(hex(b)), "i": .int(scale(i)), "w": 0]
                return state.current.playing == PlayingMode.none
                    ? ["current": ["srId": 0, "step": 0, "playing": "remote", "color": color]]
                    : ["current": ["color": color]]
            case .lightOff:
                guard light else { return nil }
                let off: JSONValue = ["id": 9998, "r": 0, "g": 0, "b": 0, "w": 0]
                switch state.current.playing {
                case .routine: return ["current": ["color": off]]
                case .remote: return ["current": ["playing": "none", "color": off]]
                case .none: return nil
                }
            case .playSound(let index):
                let id = soundID(index)
                if product == .restMini { return ["current": ["playing": "remote", "step": 1, "sound": ["id": .int(id), "until": "indefinite"]]] }
                let url = product.sounds.sound(id: id)?.url ?? "https://example.invalid/\(id).wav"
                return ["current": ["playing": "remote", "step": 1,
                                    "sound": ["id": .int(id), "url": .string(url), "mute": false, "until": "indefinite"]]]
            case .soundOff:
                return product == .restMini ? ["current": ["playing": "none", "step": 0]] : ["current": ["srId": 0, "step": 0, "playing": "none"]]
            case .clockOn(let day, let night):
                guard clock else { return nil }
                let i = ClockBrightness(day: scale(day), night: scale(night)).packed(for: product)
                return ["clock": ["flags": .int(flags | ClockFlags.on.rawValue), "i": .int(i)]]
            case .clockOff:
                guard clock else { return nil }
                return ["clock": ["flags": .int(flags & ~ClockFlags.on.rawValue)]]
            case .clock24Hour(let on):
                guard clock else { return nil }
                return ["clock": ["flags": .int(on ? flags | ClockFlags.twentyFourHour.rawValue : flags & ~ClockFlags.twentyFourHour.rawValue)]]
            case .clockSchedule(let on, let off):
                guard clock else { return nil }
                return ["clock": ["turnOffMode": "scheduled", "turnOnAt": .string(on.wireValue), "turnOffAt": .string(off.wireValue)]]
            case .toddlerLock(let on):
                guard product.capabilities.toddlerLock else { return nil }
                return ["toddlerLock": ["turnOnMode": on ? "always" : "never"]]
            case .toddlerLockSchedule(let on, let off):
                guard product.capabilities.toddlerLock else { return nil }
                return ["toddlerLock": ["turnOnMode": "custom", "turnOnAt": .string(on.wireValue), "turnOffAt": .string(off.wireValue)]]
            case .favorite(let id): return ["current": ["srId": .int(id), "step": 1, "playing": "routine"]]
            case .turnOff: return ["current": ["srId": 0, "step": 0, "playing": "none"]]
            case .snooze:
                guard product.capabilities.alarms else { return nil }
                return ["snooze": ["active": true, "startTime": 0]]
            case .alarmsDisabled(let disabled):
                guard product.capabilities.alarms else { return nil }
                return ["alarmsDisabled": .bool(disabled)]
            case .wait, .reboot, .rejectNextUpdate, .power, .editAlarm, .deleteAlarm, .enableAlarm, .editRoutine: return nil
            }
        }

        func soundID(_ index: Int) -> Int {
            let sounds = product.sounds.sounds
            return sounds.isEmpty ? 3 + index : sounds[index % sounds.count].id
        }

        /// Checks that an accepted command shows in the report at once, and records what must hold.
        mutating func commanded(_ step: DeviceStep, engine: DeviceEngine, before: ReportedState, at now: Date) -> String? {
            let state = engine.state
            func scale(_ percent: Int) -> Int { Int((Double(percent) / 100 * 65535).rounded()) }
            switch step {
            case .setVolume(let percent):
                if state.current.sound.v != scale(percent) { return "volume \(state.current.sound.v), expected \(scale(percent))" }
            case .setColor(_, _, _, let i) where product.capabilities.light:
                if state.current.color?.id != 9999 || state.current.color?.i != scale(i) { return "colour not shown: \(String(describing: state.current.color))" }
                if before.current.playing == PlayingMode.none, state.current.playing != .remote { return "playing \(state.current.playing), expected remote" }
                if before.current.playing == .routine, state.current.playing != .routine { return "set_color during a routine ended it" }
            case .lightOff where product.capabilities.light && before.current.playing != PlayingMode.none:
                if state.current.color?.id != 9998 { return "light still on: \(String(describing: state.current.color))" }
            case .playSound(let index):
                if state.current.sound.id != soundID(index) || state.current.playing != .remote {
                    return "sound \(state.current.sound.id) playing \(state.current.playing), expected \(soundID(index)) remote"
                }
            case .soundOff, .turnOff:
                if state.current.playing != PlayingMode.none || !state.current.sound.isNoSound { return "still playing \(state.current.playing) sound \(state.current.sound.id)" }
                if state.snooze?.active == true { return "turning off left the snooze running" }
            case .clockOn where product.capabilities.clock: clockOn = true
            case .clockOff where product.capabilities.clock: clockOn = false
            case .clock24Hour(let on) where product.capabilities.clock: twentyFourHour = on
            case .clockSchedule(let on, let off) where product.capabilities.clock:
                clockSchedule = (on, off)
                clockOn = Self.isWithin(Self.localMinute(now), on, off)
            case .toddlerLock(let on) where product.capabilities.toddlerLock:
                lockSchedule = nil
                lockOn = on
            case .toddlerLockSchedule(let on, let off) where product.capabilities.toddlerLock:
                lockSchedule = (on, off)
                lockOn = Self.isWithin(Self.localMinute(now), on, off)
            case .favorite(let id) where engine.settings.routines[id: id]?.enabled == true:
                if state.current.playing != .routine || state.current.srId != id { return "favorite \(id) not playing: \(state.current.playing) \(state.current.srId)" }
                if state.current.step != 1 { return "favorite \(id) started at step \(state.current.step)" }
            case .alarmsDisabled(let disabled) where product.capabilities.alarms:
                alarmsDisabled = disabled
                if state.alarmsDisabled != disabled { return "alarmsDisabled \(String(describing: state.alarmsDisabled))" }
            default: break
            }
            return nil
        }

        mutating func powered(_ plugged: Bool) {
            if product.capabilities.battery { pluggedIn = plugged }
        }

        mutating func rebooted(at now: Date, engine: DeviceEngine) {
            if let schedule = clockSchedule { clockOn = Self.isWithin(Self.localMinute(now), schedule.on, schedule.off) }
            if let schedule = lockSchedule { lockOn = Self.isWithin(Self.localMinute(now), schedule.on, schedule.off) }
            timeline.rebooted(at: DeviceScenario.epoch(now))
            lastTime = now
        }

        // MARK: Time

        /// The engine's events since the last look, at `now`: the timeline runs to `now` (unless the
        /// input was a record request, which the device handles without letting time pass), takes the
        /// command `command` (the patch as sent) and a flat battery into account, and is compared with
        /// them and with the reported `current`.
        mutating func observed(_ events: [EngineEvent], at now: Date, engine: DeviceEngine, advancing: Bool = true, command: JSONValue? = nil) -> String? {
            let time = DeviceScenario.epoch(now)
            if advancing { timeline.advance(to: time) }
            if let command { timeline.command(command, at: time) }
            if events.contains(.batteryDepleted) { timeline.stopPlayback(at: time) }
            defer { lastObserved = time }
            return timeline.compare(events, from: lastObserved, to: time, current: engine.state.current)
        }

        /// Walks the local minutes of `(lastTime, now]`; a schedule time skipped by a spring change
        /// counts at the first minute after the gap, and a time of a repeated autumn hour counts at its
        /// first pass only (also when the walk starts in the second).
        mutating func walkEdges(to now: Date, figures: inout Figures) {
            defer { lastTime = max(lastTime, now) }
            guard clockSchedule != nil || lockSchedule != nil else { return }
            var minute = (Int(lastTime.timeIntervalSince1970) / 60 + 1) * 60
            let end = Int(now.timeIntervalSince1970)
            var previous = Self.localMinute(Date(timeIntervalSince1970: TimeInterval(minute - 60)))
            while minute <= end {
                let date = Date(timeIntervalSince1970: TimeInterval(minute))
                let local = Self.localMinute(date)
                let day = Self.localDay(date)
                // The second pass of a repeated hour: an hour earlier the clock showed this time already.
                let repeated = Self.localSeconds(date.addingTimeInterval(-3600)) == Self.localSeconds(date)
                func passed(_ time: TimeOfDay) -> Bool {
                    if repeated { return false }
                    let t = time.minutesSinceMidnight
                    if local == (previous + 1) % 1440 { return t == local }
                    return previous < local ? (t > previous && t <= local) : t == local
                }
                if let schedule = clockSchedule {
                    if passed(schedule.on), appliedEdges.insert("clock on \(day) \(schedule.on)").inserted { clockOn = true; figures.transitions += 1 }
                    if passed(schedule.off), appliedEdges.insert("clock off \(day) \(schedule.off)").inserted { clockOn = false; figures.transitions += 1 }
                }
                if let schedule = lockSchedule {
                    if passed(schedule.on), appliedEdges.insert("lock on \(day) \(schedule.on)").inserted { lockOn = true; figures.transitions += 1 }
                    if passed(schedule.off), appliedEdges.insert("lock off \(day) \(schedule.off)").inserted { lockOn = false; figures.transitions += 1 }
                }
                previous = local
                minute += 60
            }
        }

        // MARK: Every report

        /// Versions of `/update/accepted` grow by exactly one, whoever caused the update.
        mutating func observe(_ message: OutgoingMessage) {
            guard message.topic.hasSuffix("/update/accepted"), let json = try? JSONValue(data: message.payload),
                  let next = json["version"]?.intValue else { return }
            if let version, next != version + 1 { problem = problem ?? "shadow version went from \(version) to \(next)" }
            version = next
        }

        /// The rules that hold after every step.
        func check(_ engine: DeviceEngine) -> String? {
            if let problem { return problem }
            let state = engine.state
            if let problem = StateSchema.shadowState.problem(in: state.jsonValue) { return "reported \(problem)" }
            if let clock = state.clock {
                let flags = ClockFlags(rawValue: clock.flags)
                if let clockOn, flags.contains(.on) != clockOn { return "clock display \(flags.contains(.on) ? "on" : "off"), the rules say \(clockOn ? "on" : "off")" }
                if let twentyFourHour, flags.contains(.twentyFourHour) != twentyFourHour { return "24-hour flag lost" }
            }
            if let pluggedIn, state.deviceInfo.powerStatus != (pluggedIn ? .onBase : .notCharging) {
                return "powerStatus \(String(describing: state.deviceInfo.powerStatus)) after \(pluggedIn ? "plugIn" : "unplug")"
            }
            if let lockOn, state.toddlerLockOn != lockOn { return "toddlerLockOn \(String(describing: state.toddlerLockOn)), the rules say \(lockOn)" }
            if !product.capabilities.alarms, state.snooze != nil || state.alarmsDisabled != nil { return "a \(product.rawValue) reports alarm fields" }
            if state.current.sound.isNoSound, state.current.sound.id != product.noSoundID { return "no-sound id \(state.current.sound.id) on a \(product.rawValue)" }
            if state.current.playing == PlayingMode.none, !state.current.sound.isNoSound { return "playing none with sound \(state.current.sound.id)" }
            return nil
        }

        // MARK: Local time without Calendar (independent of the engine's arithmetic)

        static func localSeconds(_ date: Date) -> Int {
            Int(date.timeIntervalSince1970) + DeviceScenario.timeZone.secondsFromGMT(for: date)
        }
        static func localMinute(_ date: Date) -> Int { ((localSeconds(date) / 60) % 1440 + 1440) % 1440 }
        static func localDay(_ date: Date) -> Int { localSeconds(date) / 86_400 }
        /// 1 = Sunday … 7 = Saturday (1970-01-01 was a Thursday).
        static func weekday(_ date: Date) -> Int { (localDay(date) + 4) % 7 + 1 }
        static func isWithin(_ minute: Int, _ on: TimeOfDay, _ off: TimeOfDay) -> Bool {
            let start = on.minutesSinceMidnight, end = off.minutesSinceMidnight
            if start == end { return false }
            return start < end ? (minute >= start && minute < end) : (minute >= start || minute < end)
        }
    }
}

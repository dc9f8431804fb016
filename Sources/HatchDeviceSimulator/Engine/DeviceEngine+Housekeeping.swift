import Foundation
import HatchDeviceModel

extension DeviceEngine {
    /// Battery percent per minute while charging.
    static let chargePerMinute = 0.6
    /// Battery percent per minute on battery with light or sound on.
    static let activeDrainPerMinute = 0.2
    /// Battery percent per minute on battery while idle.
    static let idleDrainPerMinute = 0.02
    /// How far the reported `rssi` may wander from the base value, in dB.
    static let rssiSpread = 6

    /// What the clock display shows now.
    public struct ClockDisplay: Sendable, Hashable {
        /// Whether the display is lit.
        public var isOn: Bool
        /// Whether night brightness applies (between `turnDimAt` and `turnBrightAt`).
        public var isDimmed: Bool
        /// The brightness in use, 0…65535.
        public var brightness: Int
    }

    /// The clock display at `date`, following `turnOffMode`, `turnOnAt`/`turnOffAt` and `turnDimAt`/`turnBrightAt`.
    public func clockDisplay(at date: Date) -> ClockDisplay? {
        guard let clock = state.clock else { return nil }
        let time = timeOfDay(at: date)
        let isOn = ClockFlags(rawValue: clock.flags).contains(.on)
        let dimmed = time.isWithin(from: clock.turnDimAt, to: clock.turnBrightAt)
        let brightness = ClockBrightness(packed: clock.i, product: profile.product)
        return ClockDisplay(isOn: isOn, isDimmed: dimmed, brightness: isOn ? (dimmed ? brightness.night : brightness.day) : 0)
    }

    /// Applies the schedule transitions whose moments fell after the last check and at or before
    /// `now`: a scheduled clock turns on at `turnOnAt` and off at `turnOffAt`, a custom toddler lock
    /// engages at `turnOnAt` and releases at `turnOffAt`. Schedules act on their edges only, so
    /// between two transitions the last explicit command holds; when a clock jump passes several,
    /// the latest one wins and each applies once (moments are absolute, so a daylight-saving change
    /// neither repeats nor skips one).
    mutating func applyScheduleTransitions(through now: Date) {
        let start = lastScheduleCheck
        guard now > start else { return }
        lastScheduleCheck = now
        if let next = nextScheduleEdge, now < next { return }
        defer { nextScheduleEdge = nextEdge(after: now) }
        if var clock = state.clock, clock.turnOffMode == .scheduled,
           let on = latestEdge(on: clock.turnOnAt, off: clock.turnOffAt, after: start, through: now) {
            let flags = on ? clock.flags | ClockFlags.on.rawValue : clock.flags & ~ClockFlags.on.rawValue
            if flags != clock.flags {
                clock.flags = flags
                state.clock = clock
                settings.clock = clock
                stateChanged = true
            }
        }
        if let lock = state.toddlerLock, lock.turnOnMode == .custom,
           let locked = latestEdge(on: lock.turnOnAt, off: lock.turnOffAt, after: start, through: now),
           state.toddlerLockOn != locked {
            state.toddlerLockOn = locked
            stateChanged = true
        }
    }

    /// The first schedule transition after `date` (a far-future date when nothing is scheduled).
    func nextEdge(after date: Date) -> Date {
        var times: [TimeOfDay] = []
        if let clock = state.clock, clock.turnOffMode == .scheduled { times += [clock.turnOnAt, clock.turnOffAt] }
        if let lock = state.toddlerLock, lock.turnOnMode == .custom { times += [lock.turnOnAt, lock.turnOffAt] }
        var next = Date.distantFuture
        for time in times {
            for offset in 0...2 {
                guard let moment = moment(of: time, daysFrom: date, offset), moment > date else { continue }
                next = min(next, moment)
                break
            }
        }
        return next
    }

    /// Which of an on and an off transition happened last in `(start, end]`: `true` for on,
    /// `false` for off, `nil` when neither did. Equal times count as off.
    func latestEdge(on: TimeOfDay, off: TimeOfDay, after start: Date, through end: Date) -> Bool? {
        let onDate = lastOccurrence(of: on, after: start, through: end)
        let offDate = lastOccurrence(of: off, after: start, through: end)
        switch (onDate, offDate) {
        case (nil, nil): return nil
        case (.some, nil): return true
        case (nil, .some): return false
        case (let onDate?, let offDate?): return onDate > offDate
        }
    }

    /// The latest moment in `(start, end]` at which the device's local time is `time`.
    func lastOccurrence(of time: TimeOfDay, after start: Date, through end: Date) -> Date? {
        for offset in 0...2 {
            guard let moment = moment(of: time, daysFrom: end, -offset) else { continue }
            if moment <= end { return moment > start ? moment : nil }
        }
        return nil
    }

    /// The minute tick: schedule transitions, battery, `rssi` jitter.
    @discardableResult
    mutating func runHousekeeping(at now: Date) -> [EngineEvent] {
        applyScheduleTransitions(through: now)
        let events = updateBattery(at: now)
        let jitter = Int(random.next() % 5) - 2
        let low = profile.baseRSSI - Self.rssiSpread
        let high = min(-20, profile.baseRSSI + Self.rssiSpread)
        let rssi = min(high, max(low, state.rssi + jitter))
        if rssi != state.rssi {
            state.rssi = rssi
            stateChanged = true
        }
        return events
    }

    /// One minute of charging or draining.
    mutating func updateBattery(at now: Date) -> [EngineEvent] {
        guard var level = settings.battery, let power = settings.powerStatus else { return [] }
        var events: [EngineEvent] = []
        if power.isPluggedIn {
            level = min(100, level + Self.chargePerMinute)
        } else {
            let active = (state.current.color?.isOn ?? false) || state.current.sound.isPlaying || state.nightlightOn == true
            level = max(0, level - (active ? Self.activeDrainPerMinute : Self.idleDrainPerMinute))
            if level <= 0 && (settings.battery ?? 0) > 0 {
                events += profile.product.reportsRestPlusDocument ? powerOffRestPlus() : stopPlayback()
                events.append(.batteryDepleted)
            }
        }
        settings.battery = level
        let percent = Int(level.rounded(.up))
        // A Rest+ reports its battery level only (`deviceInfo {b, f, fR}`).
        let reportedPower = profile.product.reportsRestPlusDocument ? nil : settings.powerStatus
        if state.deviceInfo.b != percent || state.deviceInfo.powerStatus != reportedPower {
            state.deviceInfo.b = percent
            state.deviceInfo.powerStatus = reportedPower
            stateChanged = true
        }
        return events
    }
}

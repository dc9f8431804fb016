import Foundation
import HatchDeviceModel
import HatchSeededRandom

/// The behaviour of one simulated Restore-family device, as its firmware behaves: a pure value
/// with no I/O and no clock of its own. The fleet feeds it desired-state patches and the current
/// simulated time; it answers with its new reported state and events.
///
/// Time moves only through ``advance(to:)``: every scheduled thing (routine steps, colour and
/// sound `duration`/`until`, sunrise ramp, alarm, snooze, clock schedule, battery, `rssi` jitter)
/// happens at its exact simulated time, in order, so a manual clock gives deterministic results.
public struct DeviceEngine: Sendable {
    /// Identity and hardware.
    public let profile: DeviceProfile
    /// What the device keeps in flash.
    public internal(set) var settings: DeviceSettings
    /// The reported state, as the device would report it now.
    public internal(set) var state: ReportedState
    /// Set whenever ``state`` changes; the fleet clears it after reporting.
    public var stateChanged = true

    var calendar: Calendar
    var random: SeededRandom
    var routineRun: RoutineRun?
    var alarmPhase: AlarmPhase?
    var nextAlarm: PlannedAlarm?
    /// Set when a command changed the light during a sunrise: the ramp leaves the light alone.
    var sunriseLightHeld = false
    var colorEnds: Date?
    var soundEnds: Date?
    var nextHousekeeping: Date
    var lastTime: Date
    /// Schedule transitions up to this moment have been applied (see ``applyScheduleTransitions(through:)``).
    var lastScheduleCheck: Date
    /// The next schedule transition, when known; `nil` makes the next check compute it.
    var nextScheduleEdge: Date?

    /// Seconds between two reported steps of the sunrise ramp (at least; long sunrises use 1/100 of the lead).
    public static let minimumRampInterval: TimeInterval = 5
    /// Seconds between housekeeping ticks (clock schedule, toddler lock, battery, `rssi`).
    public static let housekeepingInterval: TimeInterval = 60

    /// Creates a device that has just booted at `now` with `settings` from flash.
    public init(profile: DeviceProfile, settings: DeviceSettings, now: Date) {
        self.profile = profile
        self.settings = settings
        calendar = SharedCalendars.gregorian(in: settings.timezone) ?? SharedCalendars.utc
        self.random = SeededRandom(seed: profile.seed)
        let capabilities = profile.product.capabilities
        state = ReportedState(
            current: CurrentState(color: capabilities.light ? .off : nil, sound: .off(for: profile.product, v: settings.volume)),
            clock: settings.clock, toddlerLock: settings.toddlerLock,
            toddlerLockOn: settings.toddlerLock == nil ? nil : false,
            nightlightOn: settings.nightlightOn, nightlightIntensity: settings.nightlightIntensity,
            alarmsDisabled: capabilities.alarms ? settings.alarmsDisabled : nil,
            snoozeDuration: capabilities.alarms ? settings.snoozeDuration : nil,
            snooze: capabilities.alarms ? SnoozeState() : nil,
            deviceInfo: DeviceInfo(f: profile.firmware, hwVersion: profile.hardwareVersion,
                                   b: settings.battery.map { Int($0.rounded()) }, powerStatus: settings.powerStatus),
            connected: false, rssi: profile.baseRSSI, timezone: settings.timezone,
            lastReset: settings.lastReset == nil ? "PowerOn" : "SoftwareReset",
            firmwareFields: FirmwareFields.reported(by: profile))
        nextHousekeeping = now
        lastTime = now
        lastScheduleCheck = now
        if profile.product.reportsRestPlusDocument { bootRestPlus() }
        planAlarms(after: now)
        applyClockScheduleLevel(at: now)
        state.toddlerLockOn = settings.toddlerLock?.isLocked(at: timeOfDay(at: now))
        nextHousekeeping = Self.nextBoundary(after: now)
    }

    /// The earliest simulated time at which the device has something to do.
    public var nextEventDate: Date {
        var next = nextHousekeeping
        if let end = routineRun?.stepEnds, end < next { next = end }
        if let colorEnds, colorEnds < next { next = colorEnds }
        if let soundEnds, soundEnds < next { next = soundEnds }
        if let alarmDate = nextAlarmEventDate, alarmDate < next { next = alarmDate }
        return next
    }

    /// Runs everything scheduled up to and including `now`, in time order.
    public mutating func advance(to now: Date) -> [EngineEvent] {
        var events: [EngineEvent] = []
        var guardCount = 0
        while guardCount < 1_000_000 {
            let time = nextEventDate
            guard time <= now else { break }
            guardCount += 1
            lastTime = time
            if let end = routineRun?.stepEnds, end <= time { Self.append(advanceRoutineStep(at: time), to: &events) }
            if let end = colorEnds, end <= time { endColor() }
            if let end = soundEnds, end <= time { endSound() }
            if let alarmDate = nextAlarmEventDate, alarmDate <= time { Self.append(runAlarmEvent(at: time), to: &events) }
            if nextHousekeeping <= time {
                Self.append(runHousekeeping(at: time), to: &events)
                nextHousekeeping = time.addingTimeInterval(Self.housekeepingInterval)
            }
        }
        if now > lastTime { lastTime = now }
        return events
    }

    /// Appends `more` to `events`, taking it as it is when there is nothing yet (no new array).
    @inline(__always)
    private static func append(_ more: [EngineEvent], to events: inout [EngineEvent]) {
        if events.isEmpty { events = more } else if !more.isEmpty { events += more }
    }

    /// Marks the device connected or not (`connected` in the reported state).
    public mutating func setConnected(_ connected: Bool) {
        guard state.connected != connected else { return }
        state.connected = connected
        stateChanged = true
    }

    /// Plugs a battery device in or unplugs it. No effect on mains-only products.
    public mutating func setPower(pluggedIn: Bool) {
        guard profile.product.capabilities.battery else { return }
        let status: PowerStatus = pluggedIn ? .onBase : .notCharging
        settings.powerStatus = status
        if !profile.product.reportsRestPlusDocument { state.deviceInfo.powerStatus = status }
        stateChanged = true
    }

    /// Reboots: playback stops, settings come from flash (`settings`), `lastReset` says `SoftwareReset`.
    public mutating func reboot(settings flash: DeviceSettings, now: Date) {
        let connected = state.connected
        var fresh = flash
        fresh.lastReset = Self.epoch(now)
        self = DeviceEngine(profile: profile, settings: fresh, now: now)
        state.connected = connected
        stateChanged = true
    }

    /// The next housekeeping boundary: the start of the next simulated minute.
    static func nextBoundary(after date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        return Date(timeIntervalSince1970: (seconds / housekeepingInterval).rounded(.down) * housekeepingInterval + housekeepingInterval)
    }

    /// No sound on this product, at the device's volume.
    var noSound: SoundState { .off(for: profile.product, v: settings.volume) }

    /// Whole epoch seconds of a date, as the wire carries them.
    static func epoch(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }

    /// The moment the device's local time is `time` on the day `offset` days from the day of `date`
    /// (a time a spring change skips falls on the next existing time).
    func moment(of time: TimeOfDay, daysFrom date: Date, _ offset: Int) -> Date? {
        guard let day = calendar.date(byAdding: .day, value: offset, to: calendar.startOfDay(for: date)) else { return nil }
        return calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: day)
    }

    /// The local time of day at `date` in the device's time zone.
    func timeOfDay(at date: Date) -> TimeOfDay {
        let components = calendar.dateComponents([.hour, .minute], from: date)
        return (try? TimeOfDay(hour: components.hour ?? 0, minute: components.minute ?? 0)) ?? (try! TimeOfDay(hour: 0, minute: 0))
    }
}

/// A routine in progress.
struct RoutineRun: Sendable, Hashable {
    var id: Int
    var stepIndex: Int
    var stepEnds: Date?
    var pausedRemaining: TimeInterval?
}

/// The next alarm occurrence the device is waiting for.
struct PlannedAlarm: Sendable, Hashable {
    var id: Int
    var fire: Date
    var sunriseStart: Date
}

/// A firing alarm.
enum AlarmPhase: Sendable, Hashable {
    case sunrise(id: Int, start: Date, fire: Date, nextRamp: Date)
    case ringing(id: Int)
    case snoozed(id: Int, until: Date)

    var alarmID: Int {
        switch self {
        case .sunrise(let id, _, _, _), .ringing(let id), .snoozed(let id, _): return id
        }
    }
}

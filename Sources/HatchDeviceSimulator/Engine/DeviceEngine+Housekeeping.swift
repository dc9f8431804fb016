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

    /// The minute tick: clock schedule, toddler lock, battery, `rssi` jitter.
    @discardableResult
    mutating func runHousekeeping(at now: Date) -> [EngineEvent] {
        var events: [EngineEvent] = []
        let time = timeOfDay(at: now)
        if var clock = state.clock, clock.turnOffMode == .scheduled {
            let shouldBeOn = time.isWithin(from: clock.turnOnAt, to: clock.turnOffAt)
            let flags = shouldBeOn ? clock.flags | ClockFlags.on.rawValue : clock.flags & ~ClockFlags.on.rawValue
            if flags != clock.flags {
                clock.flags = flags
                state.clock = clock
                stateChanged = true
            }
        }
        if let lock = state.toddlerLock {
            let locked = lock.isLocked(at: time)
            if state.toddlerLockOn != locked {
                state.toddlerLockOn = locked
                stateChanged = true
            }
        }
        events += updateBattery(at: now)
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
            settings.powerStatus = level >= 100 ? .charged : .charging
        } else {
            let active = (state.current.color?.isOn ?? false) || state.current.sound.isPlaying || state.nightlightOn == true
            level = max(0, level - (active ? Self.activeDrainPerMinute : Self.idleDrainPerMinute))
            if level <= 0 && (settings.battery ?? 0) > 0 {
                events += stopPlayback()
                events.append(.batteryDepleted)
            }
        }
        settings.battery = level
        let percent = Int(level.rounded(.up))
        if state.deviceInfo.b != percent || state.deviceInfo.powerStatus != settings.powerStatus {
            state.deviceInfo.b = percent
            state.deviceInfo.powerStatus = settings.powerStatus
            stateChanged = true
        }
        return events
    }
}

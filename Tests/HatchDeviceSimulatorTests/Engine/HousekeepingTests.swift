import Foundation
import HatchDeviceModel
import Testing
@testable import HatchDeviceSimulator

@Suite("Engine: clock schedule, toddler lock, battery, rssi")
struct HousekeepingTests {
    let now = EngineFixtures.monday0600

    @Test func scheduledClockTurnsOnAndOff() {
        var engine = EngineFixtures.engine()
        _ = engine.apply(desired: DeviceAction.setClockSchedule(
            mode: .scheduled, turnOnAt: EngineFixtures.time("07:00"), turnOffAt: EngineFixtures.time("21:00"),
            turnDimAt: EngineFixtures.time("20:00"), turnBrightAt: EngineFixtures.time("06:30")).desiredPatch(for: .restoreV5), at: now)
        #expect(engine.state.clock!.flags & ClockFlags.on.rawValue == 0)
        _ = engine.advance(to: now.addingTimeInterval(3600))
        #expect(engine.state.clock!.flags & ClockFlags.on.rawValue != 0)
        _ = engine.advance(to: now.addingTimeInterval(15 * 3600))
        #expect(engine.state.clock!.flags & ClockFlags.on.rawValue == 0)
    }

    @Test func clockDimsBetweenDimAndBright() {
        var engine = EngineFixtures.engine()
        _ = engine.apply(desired: DeviceAction.setClockBrightness(ClockBrightness(day: 50000, night: 2000)).desiredPatch(for: .restoreV5), at: now)
        #expect(engine.state.clock?.i == 2000 << 16 | 50000)
        // Factory: dim at 20:00, bright at 07:00; 06:00 is night.
        #expect(engine.clockDisplay(at: now) == .init(isOn: true, isDimmed: true, brightness: 2000))
        #expect(engine.clockDisplay(at: now.addingTimeInterval(2 * 3600)) == .init(isOn: true, isDimmed: false, brightness: 50000))
    }

    @Test func customToddlerLockFollowsItsWindow() {
        var engine = EngineFixtures.engine()
        _ = engine.apply(desired: ["toddlerLock": ["turnOnMode": "custom", "turnOnAt": "19:00", "turnOffAt": "06:30"]], at: now)
        #expect(engine.state.toddlerLockOn == true)
        _ = engine.advance(to: now.addingTimeInterval(30 * 60))
        #expect(engine.state.toddlerLockOn == false)
    }

    @Test func batteryDrainsOnBatteryAndChargesOnPower() {
        var engine = EngineFixtures.engine(.riotPlus) {
            $0.battery = 80
            $0.powerStatus = .notCharging
        }
        #expect(engine.state.deviceInfo.powerStatus == .notCharging)
        #expect(engine.state.jsonValue[path: ["deviceInfo", "powerStatus"]] == .int(0))
        _ = engine.advance(to: now.addingTimeInterval(3600))
        #expect(engine.state.deviceInfo.b == 79)  // idle: 0.02 % a minute
        _ = engine.apply(desired: DeviceAction.playSound(id: 3, volume: 30000).desiredPatch(for: .riotPlus), at: now.addingTimeInterval(3600))
        _ = engine.advance(to: now.addingTimeInterval(7200))
        #expect(engine.state.deviceInfo.b == 67)  // playing: 0.2 % a minute
        engine.setPower(pluggedIn: true)
        #expect(engine.state.deviceInfo.powerStatus == .onBase)
        _ = engine.advance(to: now.addingTimeInterval(7200 + 3600))
        #expect(engine.state.deviceInfo.b == 100)
        #expect(engine.state.deviceInfo.powerStatus == .onBase)  // a full battery on its base still reports 5
        #expect(engine.state.jsonValue[path: ["deviceInfo", "powerStatus"]] == .int(5))
    }

    @Test func flatBatteryStopsPlayback() {
        var engine = EngineFixtures.engine(.riotPlus) {
            $0.battery = 0.1
            $0.powerStatus = .notCharging
        }
        _ = engine.apply(desired: DeviceAction.playSound(id: 3, volume: 30000).desiredPatch(for: .riotPlus), at: now)
        let events = engine.advance(to: now.addingTimeInterval(60))
        #expect(events.contains(.batteryDepleted))
        #expect(engine.state.current.sound.id == WireConstants.soundOffID)
        #expect(engine.state.deviceInfo.b == 0)
    }

    @Test func mainsProductsReportNoBattery() {
        let engine = EngineFixtures.engine(.restoreV4)
        #expect(engine.state.deviceInfo.b == nil)
        #expect(engine.state.jsonValue[path: ["deviceInfo", "powerStatus"]] == nil)
    }

    @Test func rssiJittersDeterministicallyWithinBounds() {
        var first = EngineFixtures.engine()
        var second = EngineFixtures.engine()
        var seen: Set<Int> = []
        for minute in 1...120 {
            let time = now.addingTimeInterval(TimeInterval(minute * 60))
            _ = first.advance(to: time)
            _ = second.advance(to: time)
            #expect(first.state.rssi == second.state.rssi)
            #expect((-56 ... -44).contains(first.state.rssi))
            seen.insert(first.state.rssi)
        }
        #expect(seen.count > 3)
    }

    @Test func rebootKeepsFlashAndSetsLastReset() {
        var engine = EngineFixtures.engine()
        _ = engine.apply(desired: DeviceAction.startRoutine(id: 7).desiredPatch(for: .restoreV5), at: now)
        _ = engine.apply(desired: DeviceAction.setVolume(1234).desiredPatch(for: .restoreV5), at: now)
        engine.reboot(settings: engine.settings, now: now.addingTimeInterval(10))
        #expect(engine.state.current.playing == PlayingMode.none)
        #expect(engine.state.lastReset == "SoftwareReset")
        #expect(engine.settings.lastReset == Int(now.timeIntervalSince1970) + 10)
        #expect(engine.state.current.sound.v == 1234)
    }
}

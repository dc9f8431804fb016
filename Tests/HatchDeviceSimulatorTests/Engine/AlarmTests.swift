import Foundation
import HatchDeviceModel
import Testing
@testable import HatchDeviceSimulator

@Suite("Engine: alarms, sunrise, snooze")
struct AlarmTests {
    let now = EngineFixtures.monday0600

    func weekdayAlarm(_ wake: String = "07:00", days: DaysOfWeek = .weekdays, lead: Int = 1800) -> Alarm {
        Alarm(id: 1, name: "Work", daysOfWeek: days, wakeTime: EngineFixtures.time(wake), sunriseLead: lead)
    }

    @Test func sunriseRampsBeforeTheWakeTime() {
        var engine = EngineFixtures.engine(alarms: [weekdayAlarm()])
        _ = engine.advance(to: now.addingTimeInterval(29 * 60))
        #expect(engine.state.current.playing == PlayingMode.none)
        let events = engine.advance(to: now.addingTimeInterval(30 * 60))
        #expect(events.contains(.sunriseStarted(alarmID: 1)))
        #expect(engine.state.current.srId == 1)
        #expect(engine.state.current.color?.i == 0)
        _ = engine.advance(to: now.addingTimeInterval(45 * 60))
        #expect(engine.state.current.color?.i == 32768)
        #expect(engine.state.current.sound.id == WireConstants.soundOffID)
        _ = engine.advance(to: now.addingTimeInterval(52 * 60 + 30))
        #expect(engine.state.current.color?.i == 49151)
    }

    @Test func wakeSoundStartsAtTheWakeTime() {
        var engine = EngineFixtures.engine(alarms: [weekdayAlarm()])
        _ = engine.advance(to: now.addingTimeInterval(3599))
        #expect(engine.state.current.sound.id == WireConstants.soundOffID)
        let events = engine.advance(to: now.addingTimeInterval(3600))
        #expect(events.contains(.alarmFired(alarmID: 1)))
        #expect(engine.state.current.sound == Alarm.defaultSound)
        #expect(engine.state.current.color?.i == 65535)
        #expect(engine.state.current.step == 2)
        // A repeating alarm stays enabled.
        #expect(engine.settings.alarms[id: 1]?.enabled == true)
    }

    @Test func snoozeSilencesThenFiresAgainAfterSnoozeDuration() {
        var engine = EngineFixtures.engine(alarms: [weekdayAlarm()])
        let wake = now.addingTimeInterval(3600)
        _ = engine.advance(to: wake)
        let start = Int(wake.timeIntervalSince1970) + 60
        let outcome = engine.apply(desired: DeviceAction.snooze(startTime: start).desiredPatch(for: .restoreV5), at: wake.addingTimeInterval(60))
        #expect(outcome.events.contains(.alarmSnoozed(alarmID: 1, until: start + 540)))
        #expect(engine.state.snooze == SnoozeState(active: true, startTime: start))
        #expect(engine.state.current.sound.id == WireConstants.soundOffID)
        _ = engine.advance(to: wake.addingTimeInterval(60 + 539))
        #expect(engine.state.snooze?.active == true)
        let events = engine.advance(to: wake.addingTimeInterval(600))
        #expect(events.contains(.alarmFired(alarmID: 1)))
        #expect(engine.state.snooze?.active == false)
        #expect(engine.state.current.sound.id == Alarm.defaultSound.id)
    }

    @Test func deviceSnoozeDurationAppliesWhenTheAlarmHasNone() {
        var engine = EngineFixtures.engine(alarms: [weekdayAlarm()]) { $0.snoozeDuration = 120 }
        let wake = now.addingTimeInterval(3600)
        _ = engine.advance(to: wake)
        _ = engine.apply(desired: ["snooze": ["active": true, "startTime": .int(Int(wake.timeIntervalSince1970))]], at: wake)
        let events = engine.advance(to: wake.addingTimeInterval(120))
        #expect(events.contains(.alarmFired(alarmID: 1)))
    }

    @Test func dismissEndsTheAlarm() {
        var engine = EngineFixtures.engine(alarms: [weekdayAlarm()])
        _ = engine.advance(to: now.addingTimeInterval(3600))
        let outcome = engine.apply(desired: DeviceAction.dismissAlarm.desiredPatch(for: .restoreV5), at: now.addingTimeInterval(3610))
        #expect(outcome.events.contains(.alarmDismissed(alarmID: 1)))
        #expect(engine.state.current.playing == PlayingMode.none)
        let later = engine.advance(to: now.addingTimeInterval(7200))
        #expect(!later.contains(.alarmFired(alarmID: 1)))
    }

    @Test func snoozeActiveFalseDismissesASnoozedAlarm() {
        var engine = EngineFixtures.engine(alarms: [weekdayAlarm()])
        let wake = now.addingTimeInterval(3600)
        _ = engine.advance(to: wake)
        _ = engine.apply(desired: ["snooze": ["active": true]], at: wake)
        let outcome = engine.apply(desired: ["snooze": ["active": false]], at: wake.addingTimeInterval(10))
        #expect(outcome.events.contains(.alarmDismissed(alarmID: 1)))
        #expect(!engine.advance(to: wake.addingTimeInterval(1000)).contains(.alarmFired(alarmID: 1)))
    }

    @Test func oneTimeAlarmDisablesItself() {
        var engine = EngineFixtures.engine(alarms: [weekdayAlarm(days: .once)])
        let events = engine.advance(to: now.addingTimeInterval(3600))
        #expect(events.contains(.alarmFired(alarmID: 1)))
        #expect(events.contains(.recordsChanged(.alarms)))
        #expect(engine.settings.alarms[id: 1]?.enabled == false)
        #expect(engine.settings.alarms.dataVersion == 2)
        _ = engine.apply(desired: DeviceAction.dismissAlarm.desiredPatch(for: .restoreV5), at: now.addingTimeInterval(3700))
        let nextDay = engine.advance(to: now.addingTimeInterval(86_400 + 3600))
        #expect(!nextDay.contains(.alarmFired(alarmID: 1)))
    }

    @Test func alarmsFireOnlyOnTheirDays() {
        // Saturday only; the fixture starts on Monday 2026-01-05.
        var engine = EngineFixtures.engine(alarms: [weekdayAlarm(days: .saturday, lead: 0)])
        var fired: [Date] = []
        var time = now
        for _ in 0..<(7 * 24) {
            time = time.addingTimeInterval(3600)
            if engine.advance(to: time).contains(.alarmFired(alarmID: 1)) { fired.append(time) }
        }
        #expect(fired == [Date(timeIntervalSince1970: 1_768_028_400)])  // Saturday 2026-01-10 07:00 UTC
    }

    @Test func alarmsDisabledSuspendsAlarms() {
        var engine = EngineFixtures.engine(alarms: [weekdayAlarm()]) { $0.alarmsDisabled = true }
        #expect(!engine.advance(to: now.addingTimeInterval(7200)).contains(.alarmFired(alarmID: 1)))
        _ = engine.apply(desired: ["alarmsDisabled": false], at: now.addingTimeInterval(7200))
        #expect(engine.advance(to: now.addingTimeInterval(86_400 + 3600)).contains(.alarmFired(alarmID: 1)))
    }

    @Test func restMiniHasNoAlarms() throws {
        var engine = EngineFixtures.engine(.restMini, alarms: [weekdayAlarm()])
        #expect(!engine.advance(to: now.addingTimeInterval(86_400)).contains(.alarmFired(alarmID: 1)))
        #expect(engine.state.alarmsDisabled == nil && engine.state.snooze == nil && engine.state.snoozeDuration == nil)
        #expect(engine.state.jsonValue["snooze"] == nil)
        let request = RecordRequest<Alarm>(op: .create, item: weekdayAlarm("08:00"))
        #expect(throws: ShadowRejection.self) { try engine.handle(request, at: now) }
        let outcome = engine.apply(desired: ["alarmsDisabled": true, "snoozeDuration": 300], at: now)
        #expect(outcome.applied == .emptyObject)
    }

    @Test func alarmsHonourTheDeviceTimeZone() {
        var engine = EngineFixtures.engine(alarms: [weekdayAlarm(lead: 0)]) { $0.timezone = "Europe/Berlin" }
        // 07:00 in Berlin (UTC+1 in January) is 06:00 UTC, which is the fixture's start: next is Tuesday.
        #expect(!engine.advance(to: now.addingTimeInterval(86_400 - 1)).contains(.alarmFired(alarmID: 1)))
        let events = engine.advance(to: now.addingTimeInterval(86_400))
        #expect(events.contains(.alarmFired(alarmID: 1)))
    }

    @Test func alarmRequestsReplanAndDeleteEndsRinging() throws {
        var engine = EngineFixtures.engine()
        _ = try engine.handle(RecordRequest(op: .create, item: weekdayAlarm(lead: 0)), at: now)
        #expect(engine.advance(to: now.addingTimeInterval(3600)).contains(.alarmFired(alarmID: 1)))
        let events = try engine.handle(RecordRequest<Alarm>(op: .delete, id: 1), at: now.addingTimeInterval(3601))
        #expect(events.contains(.alarmDismissed(alarmID: 1)))
        #expect(engine.state.current.playing == PlayingMode.none)
    }
}

import Foundation
import HatchDeviceModel
import Testing
@testable import HatchDeviceSimulator

/// The device rules at the hours where they once failed, and sequences the property tests shrank.
/// Every case runs at several simulated dates (weekdays, a weekend, both daylight-saving days).
@Suite("Device rules: named cases at many hours")
struct DeviceRulesRegressionTests {
    static let zone = TimeZone(identifier: "America/New_York")!

    /// `HH:mm` local on 2026-MM-DD in New York, as a date.
    static func local(_ day: String, _ time: String) -> Date {
        let formatter = DateFormatter()
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: "\(day) \(time)")!
    }

    /// Mondays to Sundays, and both daylight-saving days.
    static let days = ["2026-01-05", "2026-01-07", "2026-01-10", "2026-03-08", "2026-11-01", "2026-11-02"]

    static func engine(_ product: HardwareProduct, at now: Date, alarms: [Alarm] = [], configure: (inout DeviceSettings) -> Void = { _ in }) -> DeviceEngine {
        var settings = DeviceSettings.factory(for: product, timezone: zone.identifier)
        settings.alarms = RecordCollection(items: alarms)
        configure(&settings)
        return DeviceEngine(profile: EngineFixtures.profile(product), settings: settings, now: now)
    }

    static let turnOff: JSONValue = ["current": ["srId": 0, "step": 0, "playing": "none"]]

    @Test(arguments: days)
    func aDismissedSunriseStaysDismissed(day: String) {
        let okayToWake = Alarm(id: 1, name: "Okay to wake", daysOfWeek: DaysOfWeek(rawValue: 127),
                               wakeTime: EngineFixtures.time("06:45"), sunriseLead: 900)
        let start = Self.local(day, "06:20")
        var engine = Self.engine(.restoreV5, at: start, alarms: [okayToWake])
        _ = engine.advance(to: Self.local(day, "06:40"))
        #expect(engine.state.current.playing == .routine && engine.state.current.srId == 1, "the sunrise runs at 06:40 on \(day)")
        _ = engine.apply(desired: Self.turnOff, at: Self.local(day, "06:40"))
        #expect(engine.state.current.playing == PlayingMode.none)
        var events: [EngineEvent] = []
        for minute in stride(from: 1, through: 120, by: 1) {
            events += engine.advance(to: Self.local(day, "06:40").addingTimeInterval(TimeInterval(minute * 60)))
            #expect(engine.state.current.playing == PlayingMode.none, "the sunrise came back \(minute) min after turn_off on \(day)")
        }
        #expect(!events.contains(.sunriseStarted(alarmID: 1)) && !events.contains(.alarmFired(alarmID: 1)))
        // A reboot does not bring it back either; the next morning it runs again.
        engine.reboot(settings: engine.settings, now: Self.local(day, "06:42"))
        let nextDay = Self.local(day, "06:45").addingTimeInterval(86_400)
        #expect(engine.advance(to: nextDay).contains(.alarmFired(alarmID: 1)))
    }

    @Test(arguments: days)
    func aLightChosenDuringTheSunriseStaysUntilTheAlarmRings(day: String) {
        let alarm = Alarm(id: 1, name: "Okay to wake", daysOfWeek: DaysOfWeek(rawValue: 127),
                          wakeTime: EngineFixtures.time("06:45"), sunriseLead: 900, color: ColorState(id: 9999, g: 65535, i: 30000))
        var engine = Self.engine(.restoreV5, at: Self.local(day, "06:20"), alarms: [alarm])
        _ = engine.advance(to: Self.local(day, "06:35"))
        _ = engine.apply(desired: ["current": ["color": ["id": 9998, "r": 0, "g": 0, "b": 0, "w": 0]]], at: Self.local(day, "06:35"))
        _ = engine.advance(to: Self.local(day, "06:44"))
        #expect(engine.state.current.color?.id == 9998, "the ramp turned the light back on on \(day)")
        #expect(engine.state.current.playing == .routine)
        #expect(engine.advance(to: Self.local(day, "06:45")).contains(.alarmFired(alarmID: 1)))
        #expect(engine.state.current.color?.i == 30000)
    }

    @Test(arguments: days)
    func workDaysSunriseOnTheRestore2(day: String) {
        let workDays = Alarm(id: 1, name: "Work days", daysOfWeek: .weekdays, wakeTime: EngineFixtures.time("06:30"), sunriseLead: 1800)
        var engine = Self.engine(.restoreV4, at: Self.local(day, "05:50"), alarms: [workDays])
        _ = engine.advance(to: Self.local(day, "06:10"))
        let weekday = Calendar(identifier: .gregorian).dateComponents(in: Self.zone, from: Self.local(day, "06:10")).weekday!
        let isWorkDay = (2...6).contains(weekday)
        #expect((engine.state.current.playing == .routine) == isWorkDay)
        _ = engine.apply(desired: Self.turnOff, at: Self.local(day, "06:10"))
        let events = engine.advance(to: Self.local(day, "08:00"))
        #expect(!events.contains(.alarmFired(alarmID: 1)) && engine.state.current.playing == PlayingMode.none)
    }

    @Test(arguments: ["06:30", "09:00", "15:00", "22:30"])
    func aScheduledClockTurnedOffStaysOffUntilItsNextEdge(time: String) {
        for day in Self.days {
            var engine = Self.engine(.restoreV4, at: Self.local(day, time)) {
                $0.clock?.turnOffMode = .scheduled
                $0.clock?.turnOnAt = EngineFixtures.time("06:00")
                $0.clock?.turnOffAt = EngineFixtures.time("23:00")
                $0.clock?.flags = 0x8800
            }
            #expect(engine.state.clock?.flags == 0x8800, "inside the window at \(time) on \(day)")
            _ = engine.apply(desired: ["clock": ["flags": 0x0800]], at: Self.local(day, time))
            #expect(engine.state.clock?.flags == 0x0800, "turn_clock_off at \(time) on \(day)")
            _ = engine.advance(to: Self.local(day, "22:59"))
            #expect(engine.state.clock?.flags == 0x0800, "still off before 23:00 on \(day)")
            _ = engine.apply(desired: ["clock": ["flags": 0x8800]], at: Self.local(day, "23:30"))
            #expect(engine.state.clock?.flags == 0x8800, "turned on by hand at 23:30 on \(day)")
            _ = engine.advance(to: Self.local(day, "23:30").addingTimeInterval(3 * 3600))
            #expect(engine.state.clock?.flags == 0x8800, "the 23:00 edge passed already; on by hand holds")
            _ = engine.advance(to: Self.local(day, "06:01").addingTimeInterval(86_400 + 3600))
            let nextOff = Self.local(day, "23:01").addingTimeInterval(86_400)
            _ = engine.advance(to: nextOff)
            #expect(engine.state.clock?.flags == 0x0800, "the next 23:00 edge turns it off")
        }
    }

    @Test func aClockJumpOverSeveralEdgesAppliesTheLatest() {
        var engine = Self.engine(.restoreV4, at: Self.local("2026-10-31", "12:00")) {
            $0.clock?.turnOffMode = .scheduled
            $0.clock?.turnOnAt = EngineFixtures.time("01:30")
            $0.clock?.turnOffAt = EngineFixtures.time("23:00")
        }
        _ = engine.apply(desired: ["clock": ["flags": 0]], at: Self.local("2026-10-31", "12:00"))
        // Across the autumn change (01:30 happens twice on 2026-11-01): on once, at the first 01:30.
        _ = engine.advance(to: Self.local("2026-11-01", "01:45"))
        #expect(engine.state.clock?.flags == 0x8000)
        _ = engine.apply(desired: ["clock": ["flags": 0]], at: Self.local("2026-11-01", "01:50"))
        _ = engine.advance(to: Self.local("2026-11-01", "04:00"))
        #expect(engine.state.clock?.flags == 0, "the repeated 01:30 is not a second edge")
    }

    @Test func aCommandThatChangedNothingDoesNotComeBackInALaterDelta() {
        let start = Self.local("2026-03-04", "22:19")
        var core = DeviceScenario.core(.restoreV4, at: start)
        _ = core.connected(now: start)
        func send(_ patch: JSONValue) { _ = core.receive(topic: core.shadowTopics.update, payload: ShadowRequest.update(desired: patch).jsonData, now: start) }
        send(["current": ["srId": 3, "step": 1, "playing": "routine"]])  // no routine 3: stays desired
        send(["clock": ["flags": .int(core.engine.state.clock!.flags)]])  // what the clock already shows
        send(["clock": ["turnOffMode": "scheduled", "turnOnAt": "12:15:00", "turnOffAt": "00:00:00"]])
        #expect(core.engine.state.clock!.flags & 0x8000 != 0)
        send(["current": ["srId": 0, "step": 0, "playing": "none"]])
        #expect(core.engine.state.clock!.flags & 0x8000 != 0, "the earlier no-op flags came back as a delta")
    }

    @Test func suspendingAlarmsEndsASunriseAndTurningOffEndsASnooze() {
        let alarm = Alarm(id: 1, name: "Wake", daysOfWeek: DaysOfWeek(rawValue: 127), wakeTime: EngineFixtures.time("07:00"), sunriseLead: 600)
        var engine = Self.engine(.restoreV5, at: Self.local("2026-01-06", "06:55"), alarms: [alarm])
        _ = engine.advance(to: Self.local("2026-01-06", "06:56"))
        #expect(engine.state.current.playing == .routine)
        _ = engine.apply(desired: ["alarmsDisabled": true], at: Self.local("2026-01-06", "06:56"))
        #expect(engine.state.current.playing == PlayingMode.none)
        #expect(!engine.advance(to: Self.local("2026-01-06", "08:00")).contains(.alarmFired(alarmID: 1)))
        _ = engine.apply(desired: ["alarmsDisabled": false], at: Self.local("2026-01-06", "08:00"))
        #expect(engine.advance(to: Self.local("2026-01-07", "07:00")).contains(.alarmFired(alarmID: 1)))
        _ = engine.apply(desired: ["snooze": ["active": true, "startTime": 0]], at: Self.local("2026-01-07", "07:01"))
        #expect(engine.state.snooze?.active == true)
        _ = engine.apply(desired: Self.turnOff, at: Self.local("2026-01-07", "07:02"))
        #expect(engine.state.snooze?.active == false)
        #expect(!engine.advance(to: Self.local("2026-01-07", "07:30")).contains(.alarmFired(alarmID: 1)), "a snooze ended by turn_off never re-fires")
    }

    /// A Rest+ (2nd gen) sequence the property tests shrank: alarms enabled again at 06:30, the second the
    /// 06:45 alarm's 15-minute sunrise is due, then `play sound`: the sound the user chose plays.
    @Test func aSoundPlayedTheSecondASunriseIsDueWins() {
        let steps: [DeviceStep] = [
            .clockOff, .toddlerLock(false), .setColor(red: 0, green: 0, blue: 0, brightness: 1), .clockOff,
            .alarmsDisabled(true), .wait(seconds: 1320), .alarmsDisabled(false), .alarmsDisabled(false), .playSound(index: 0),
        ]
        var figures = DeviceScenario.Figures()
        let scenario = DeviceScenario(product: .riotPlus, start: Date(timeIntervalSince1970: 1_772_708_880), steps: steps)
        #expect(scenario.failure(figures: &figures) == nil)
        #expect(figures.steps == steps.count)
    }

    /// A command in the second an alarm's sunrise starts: the sunrise starts first (its report and its event
    /// go out with the command's), then the sound the user chose ends it and plays.
    @Test(arguments: days)
    func aCommandInTheSecondASunriseStartsComesAfterIt(day: String) {
        let alarm = Alarm(id: 1, name: "Okay to wake", daysOfWeek: DaysOfWeek(rawValue: 127), wakeTime: EngineFixtures.time("06:45"), sunriseLead: 900)
        var settings = DeviceSettings.factory(for: .restoreV5, timezone: Self.zone.identifier)
        settings.alarms = RecordCollection(items: [alarm])
        let profile = DeviceProfile(name: "Rules", macAddress: try! MacAddress(validating: "A4:C1:38:99:00:02"), product: .restoreV5, baseRSSI: -50)
        var core = DeviceCore(profile: profile, settings: settings, shadow: ShadowDocument(), now: Self.local(day, "06:20"))
        _ = core.connected(now: Self.local(day, "06:20"))
        _ = core.tick(now: Self.local(day, "06:29"))
        #expect(core.engine.state.current.playing == PlayingMode.none, "nothing plays before the sunrise on \(day)")
        // The Restore 3's catalogue lists no sounds; the vendor's client sends an id and its file.
        let soundID = HardwareProduct.restoreV5.sounds.sounds.first?.id ?? 3
        let play: JSONValue = ["current": ["playing": "remote", "step": 1,
                                           "sound": ["id": .int(soundID), "url": "https://example.invalid/3.wav", "until": "indefinite"]]]
        let replies = core.receive(topic: core.shadowTopics.update, payload: ShadowRequest.update(desired: play, clientToken: "play").jsonData,
                                   now: Self.local(day, "06:30"))
        #expect(core.engine.state.current.playing == .remote && core.engine.state.current.sound.id == soundID, "the sound plays on \(day)")
        #expect(core.lastEvents.first == .sunriseStarted(alarmID: 1) && core.lastEvents.contains(.alarmDismissed(alarmID: 1)), "\(core.lastEvents) on \(day)")
        let reported = replies.filter { $0.topic == core.shadowTopics.updateAccepted }.compactMap { try? JSONValue(data: $0.payload) }
            .compactMap { $0[path: ["state", "reported", "current", "playing"]]?.stringValue }
        #expect(reported == ["routine", "remote"], "the sunrise is reported before the sound on \(day): \(reported)")
    }
}

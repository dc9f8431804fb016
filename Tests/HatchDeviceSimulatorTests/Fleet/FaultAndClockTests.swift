import Foundation
import HatchDeviceModel
import Testing
@testable import HatchDeviceSimulator

@Suite("Faults and the simulation clock")
struct FaultAndClockTests {
    @Test func faultInjectionRoundTripsThroughTheControlForm() throws {
        let injection = FaultInjection(kind: .delayReplies(milliseconds: 250, seconds: 30), target: .share(0.1, seed: 7), after: 5)
        #expect(try FaultInjection(jsonValue: injection.jsonValue) == injection)
        let named = FaultInjection(kind: .reboot, target: .devices(["Nursery", "A4:C1:38:10:00:02"]))
        #expect(try FaultInjection(jsonValue: named.jsonValue) == named)
    }

    @Test func badFaultsSayWhatIsWrong() {
        #expect(throws: FaultParseError.unknownFault("explode")) { try FaultKind.make(name: "explode", parameters: [:]) }
        #expect(throws: FaultParseError.missingParameter(fault: "offline", parameter: "seconds")) { try FaultKind.make(name: "offline", parameters: [:]) }
        #expect(throws: FaultParseError.parameterOutOfRange(fault: "dropCommands", parameter: "share", range: 0...1)) {
            try FaultKind.make(name: "dropCommands", parameters: ["share": 2])
        }
        #expect(throws: FaultParseError.self) { try FaultInjection(jsonValue: ["fault": "reboot"]) }
    }

    @Test func manualClockMovesOnlyWhenAdvanced() {
        let start = EngineFixtures.monday0600
        let clock = SimulationClock(mode: .manual, startTime: start)
        #expect(clock.now == start)
        clock.advance(by: 90)
        #expect(clock.now == start.addingTimeInterval(90))
        #expect(clock.realInterval(until: start.addingTimeInterval(1000)) == nil)
    }

    @Test func acceleratedClockConvertsRealToSimulatedTime() {
        let start = EngineFixtures.monday0600
        let clock = SimulationClock(mode: .accelerated(speed: 60), startTime: start)
        #expect(clock.speed == 60)
        #expect(clock.now >= start)
        let wait = clock.realInterval(until: start.addingTimeInterval(600))
        #expect(wait != nil && wait! <= 10)
    }

    @Test func startTimeParsing() {
        #expect(SimulationClock.parseStartTime("2026-01-05T06:20:00Z") == Date(timeIntervalSince1970: 1_767_594_000))
        #expect(SimulationClock.parseStartTime("2026-01-05T06:20:00") == Date(timeIntervalSince1970: 1_767_594_000))
        let today = SimulationClock.parseStartTime("06:30", now: EngineFixtures.monday0600)
        #expect(today == EngineFixtures.monday0600.addingTimeInterval(1800))
        #expect(SimulationClock.parseStartTime("tomorrow") == nil)
    }

    @Test func speedChangesKeepTheTimeAndPauseStopsIt() {
        let clock = SimulationClock(mode: .accelerated(speed: 60), startTime: EngineFixtures.monday0600)
        clock.setSpeed(0)
        #expect(clock.speed == 0)
        let paused = clock.now
        #expect(paused >= EngineFixtures.monday0600)
        #expect(clock.now == paused, "a paused clock does not move")
        #expect(clock.realInterval(until: paused.addingTimeInterval(60)) == nil)
        clock.setSpeed(3600)
        #expect(clock.speed == 3600)
        #expect(clock.now >= paused, "a new speed starts from the paused time")
        #expect(clock.now < paused.addingTimeInterval(3600 * 60), "and not from the clock's origin")
        clock.advance(by: 3600)
        #expect(clock.now >= paused.addingTimeInterval(3600))
    }

    @Test("a whole clock setting gives another process the same time, whenever it arrives; pausing keeps it")
    func clockSettingsAreWhole() {
        let engine = SimulationClock(mode: .accelerated(speed: 600), startTime: Date(timeIntervalSince1970: 1_772_400_000))
        engine.advance(by: 3600)
        let reading = engine.reading
        let shard = SimulationClock(mode: .accelerated(speed: 60))
        shard.set(reading.time, speed: reading.speed, at: reading.at)
        #expect(shard.speed == 600)
        #expect(abs(shard.now.timeIntervalSince(engine.now)) < 60, "the same clock, up to the real time between the two reads")
        let paused = SimulationClock(mode: .accelerated(speed: 60))
        paused.set(Date(timeIntervalSince1970: 1_772_400_000), speed: 0, at: Date().addingTimeInterval(-100))
        #expect(paused.now == Date(timeIntervalSince1970: 1_772_400_000))
    }

    @Test("the demo's start: the next work day at the time asked, in the zone asked, whatever the day and hour now")
    func nextWeekday() throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // From a Friday evening, a Saturday, a Sunday noon and a Wednesday morning (2026-03-06 is a Friday).
        for (now, expectedDay) in [(1_772_841_600.0, 9), (1_772_874_000, 9), (1_772_989_200, 9), (1_773_219_600, 12)] {
            let start = SimulationClock.nextWeekday(hour: 6, minute: 26, in: zone, after: Date(timeIntervalSince1970: now))
            let parts = calendar.dateComponents([.day, .hour, .minute, .weekday], from: start)
            #expect(parts.hour == 6 && parts.minute == 26, "\(start)")
            #expect((2...6).contains(parts.weekday ?? 0), "\(start)")
            #expect(parts.day == expectedDay, "from \(Date(timeIntervalSince1970: now)): \(start)")
        }
    }
}

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
}

import Foundation
import HatchDeviceModel
import Testing
@testable import HatchDeviceSimulator

@Suite("Engine: commands as the firmware handles them")
struct CommandTests {
    let now = EngineFixtures.monday0600

    @Test func startRoutineShowsFirstStep() {
        var engine = EngineFixtures.engine()
        let outcome = engine.apply(desired: DeviceAction.startRoutine(id: 7).desiredPatch(for: .restoreV5), at: now)
        #expect(outcome.unapplied == .emptyObject)
        #expect(outcome.events.contains(.routineStarted(id: 7)))
        #expect(engine.state.current.srId == 7)
        #expect(engine.state.current.playing == .routine)
        #expect(engine.state.current.step == 1)
        #expect(engine.state.current.paused == false)
        #expect(engine.state.current.color?.i == 30000)
        #expect(engine.state.current.sound.id == 3)
    }

    @Test func turnOffStopsEverything() {
        var engine = EngineFixtures.engine()
        _ = engine.apply(desired: DeviceAction.startRoutine(id: 7).desiredPatch(for: .restoreV5), at: now)
        let outcome = engine.apply(desired: DeviceAction.turnOff.desiredPatch(for: .restoreV5), at: now)
        #expect(outcome.events.contains(.routineFinished(id: 7)))
        #expect(engine.state.current.srId == 0)
        #expect(engine.state.current.step == 0)
        #expect(engine.state.current.playing == PlayingMode.none)
        #expect(engine.state.current.color?.id == WireConstants.colorOffID)
        #expect(engine.state.current.sound.id == WireConstants.soundOffID)
    }

    @Test func unknownRoutineStaysUnapplied() {
        var engine = EngineFixtures.engine()
        let outcome = engine.apply(desired: DeviceAction.startRoutine(id: 99).desiredPatch(for: .restoreV5), at: now)
        #expect(outcome.applied == .emptyObject)
        #expect(outcome.unapplied[path: ["current", "srId"]] == 99)
        #expect(engine.state.current.playing == PlayingMode.none)
    }

    @Test func customColorSetsRemoteWhenNothingPlays() {
        var engine = EngineFixtures.engine()
        _ = engine.apply(desired: DeviceAction.setColor(r: 1, g: 2, b: 3, w: 4, intensity: 5000).desiredPatch(for: .restoreV5), at: now)
        #expect(engine.state.current.playing == .remote)
        #expect(engine.state.current.color == ColorState(id: 9999, r: 1, g: 2, b: 3, w: 4, i: 5000))
        #expect(engine.settings.colorPreset?.i == 5000)
        _ = engine.apply(desired: DeviceAction.lightOff.desiredPatch(for: .restoreV5), at: now)
        #expect(engine.state.current.color?.id == 9998)
        #expect(engine.state.current.playing == PlayingMode.none)
    }

    @Test func customColorDuringRoutineKeepsRoutine() {
        var engine = EngineFixtures.engine()
        _ = engine.apply(desired: DeviceAction.startRoutine(id: 7).desiredPatch(for: .restoreV5), at: now)
        _ = engine.apply(desired: ["current": ["color": ["id": 9999, "r": 9, "i": 100]]], at: now)
        #expect(engine.state.current.playing == .routine)
        #expect(engine.state.current.color?.r == 9)
    }

    @Test func soundPlaysAndVolumeAloneChangesVolume() {
        var engine = EngineFixtures.engine(.restMini)
        _ = engine.apply(desired: DeviceAction.playSound(id: 12, volume: 40000).desiredPatch(for: .restMini), at: now)
        #expect(engine.state.current.sound.id == 12)
        #expect(engine.state.current.playing == .remote)
        let outcome = engine.apply(desired: DeviceAction.setVolume(1000).desiredPatch(for: .restMini), at: now)
        #expect(outcome.events.contains(.settingsChanged))
        #expect(engine.state.current.sound.v == 1000)
        #expect(engine.state.current.sound.id == 12)
        #expect(engine.settings.volume == 1000)
    }

    @Test func soundDurationAndUntilAreHonoured() {
        var engine = EngineFixtures.engine()
        _ = engine.apply(desired: DeviceAction.playSound(id: 4, volume: 100, duration: 90).desiredPatch(for: .restoreV5), at: now)
        _ = engine.advance(to: now.addingTimeInterval(89))
        #expect(engine.state.current.sound.id == 4)
        _ = engine.advance(to: now.addingTimeInterval(90))
        #expect(engine.state.current.sound.id == WireConstants.soundOffID)
        #expect(engine.state.current.playing == PlayingMode.none)
        _ = engine.apply(desired: DeviceAction.setColor(r: 1, g: 1, b: 1, w: 1, intensity: 1, duration: 100).desiredPatch(for: .restoreV5),
                         at: now.addingTimeInterval(100))
        _ = engine.advance(to: now.addingTimeInterval(199))
        #expect(engine.state.current.color?.id == 9999)
        _ = engine.advance(to: now.addingTimeInterval(200))
        #expect(engine.state.current.color?.id == 9998)
    }

    @Test func restMiniHasNoLightOrClock() {
        var engine = EngineFixtures.engine(.restMini)
        #expect(engine.state.current.color == nil)
        #expect(engine.state.clock == nil)
        #expect(engine.state.jsonValue["clock"] == nil)
        #expect(engine.state.jsonValue[path: ["current", "color"]] == nil)
        let outcome = engine.apply(desired: ["current": ["color": ["id": 9999, "i": 5]], "clock": ["flags": 0], "nightlightOn": true], at: now)
        #expect(outcome.applied == .emptyObject)
        #expect(outcome.unapplied == ["current": ["color": ["id": 9999, "i": 5]], "clock": ["flags": 0], "nightlightOn": true])
    }

    @Test func toddlerLockClockNightlightAndAlarmsDisabled() {
        var engine = EngineFixtures.engine()
        let patch: JSONValue = ["toddlerLock": ["turnOnMode": "always"], "clock": ["flags": 0x8800, "i": .int(0x0100_FFFF)],
                                "nightlightOn": true, "alarmsDisabled": true, "snoozeDuration": 300]
        let outcome = engine.apply(desired: patch, at: now)
        #expect(outcome.applied == patch)
        #expect(engine.state.toddlerLockOn == true)
        #expect(engine.state.clock?.flags == 0x8800)
        #expect(engine.settings.clock?.i == 0x0100_FFFF)
        #expect(engine.state.nightlightOn == true)
        #expect(engine.state.alarmsDisabled == true)
        #expect(engine.state.snoozeDuration == 300)
    }

    @Test func readOnlyAndUnknownFieldsStayUnapplied() {
        var engine = EngineFixtures.engine()
        let outcome = engine.apply(desired: ["rssi": -10, "frobnicate": 1], at: now)
        #expect(outcome.unapplied == ["rssi": -10, "frobnicate": 1])
        #expect(outcome.clearingPatch == nil)
    }

    @Test func clearingPatchNullsAppliedLeaves() {
        let outcome = CommandOutcome(applied: ["current": ["srId": 1, "step": 1]], unapplied: ["x": 1])
        #expect(outcome.clearingPatch == ["current": ["srId": .null, "step": .null]])
    }

    @Test func pauseFreezesRoutineStep() {
        var engine = EngineFixtures.engine()
        _ = engine.apply(desired: DeviceAction.startRoutine(id: 7).desiredPatch(for: .restoreV5), at: now)
        _ = engine.apply(desired: ["current": ["paused": true]], at: now.addingTimeInterval(100))
        _ = engine.advance(to: now.addingTimeInterval(5000))
        #expect(engine.state.current.step == 1)
        #expect(engine.state.current.paused)
        _ = engine.apply(desired: ["current": ["paused": false]], at: now.addingTimeInterval(5000))
        _ = engine.advance(to: now.addingTimeInterval(5499))
        #expect(engine.state.current.step == 1)
        _ = engine.advance(to: now.addingTimeInterval(5500))
        #expect(engine.state.current.step == 2)
    }
}

import Foundation
import HatchDeviceModel
import Testing
@testable import HatchDeviceSimulator

@Suite("Engine: routines on the simulation clock")
struct RoutineTests {
    let now = EngineFixtures.monday0600

    @Test func stepsFollowTheirDurations() {
        var engine = EngineFixtures.engine()
        _ = engine.apply(desired: DeviceAction.startRoutine(id: 7).desiredPatch(for: .restoreV5), at: now)
        _ = engine.advance(to: now.addingTimeInterval(599))
        #expect(engine.state.current.step == 1)
        _ = engine.advance(to: now.addingTimeInterval(600))
        #expect(engine.state.current.step == 2)
        #expect(engine.state.current.color?.i == 10000)
        #expect(engine.state.current.sound.v == 10000)
        _ = engine.advance(to: now.addingTimeInterval(900))
        #expect(engine.state.current.step == 3)
        #expect(engine.state.current.color?.id == 9998)
        #expect(engine.state.current.sound.id == 2)
        // The last step has no duration: it runs until stopped.
        _ = engine.advance(to: now.addingTimeInterval(86_400))
        #expect(engine.state.current.step == 3)
        #expect(engine.state.current.playing == .routine)
    }

    @Test func routineEndsAfterItsLastTimedStep() {
        let short = Routine(id: 2, name: "Nap", type: .flex, steps: [RoutineStep(sound: SoundState(id: 1, v: 5), duration: 60)])
        var engine = EngineFixtures.engine(routines: [short])
        _ = engine.apply(desired: DeviceAction.startRoutine(id: 2).desiredPatch(for: .restoreV5), at: now)
        let events = engine.advance(to: now.addingTimeInterval(61))
        #expect(events.contains(.routineFinished(id: 2)))
        #expect(engine.state.current.playing == PlayingMode.none)
        #expect(engine.state.current.srId == 0)
    }

    @Test func startingAtAGivenStepAndJumping() {
        var engine = EngineFixtures.engine()
        _ = engine.apply(desired: ["current": ["srId": 7, "step": 2, "playing": "routine"]], at: now)
        #expect(engine.state.current.step == 2)
        _ = engine.apply(desired: ["current": ["step": 3]], at: now)
        #expect(engine.state.current.step == 3)
        let outcome = engine.apply(desired: ["current": ["step": 9]], at: now)
        #expect(outcome.unapplied[path: ["current", "step"]] == 9)
    }

    @Test func disabledRoutineDoesNotStart() {
        var routine = EngineFixtures.windDown
        routine.enabled = false
        var engine = EngineFixtures.engine(routines: [routine])
        let outcome = engine.apply(desired: DeviceAction.startRoutine(id: 7).desiredPatch(for: .restoreV5), at: now)
        #expect(outcome.unapplied != .emptyObject)
        #expect(engine.state.current.playing == PlayingMode.none)
    }

    @Test func deletingTheRunningRoutineStopsIt() throws {
        var engine = EngineFixtures.engine()
        _ = engine.apply(desired: DeviceAction.startRoutine(id: 7).desiredPatch(for: .restoreV5), at: now)
        let events = try engine.handle(RecordRequest<Routine>(op: .delete, id: 7), at: now)
        #expect(events.contains(.recordsChanged(.routines)))
        #expect(engine.state.current.playing == PlayingMode.none)
        #expect(engine.settings.routines.dataVersion == 2)
    }
}

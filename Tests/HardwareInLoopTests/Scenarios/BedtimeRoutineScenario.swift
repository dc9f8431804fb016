import Foundation
import HatchAdultRoutine
import HatchDeviceModel
import HatchHardwareInLoop
import HatchDeviceSession
import Testing

extension HardwareInLoopTests {
    /// Scenario 2: a three-step bedtime routine through the routine feature (``RoutineStateProvider``):
    /// step 1 ends by itself after its duration, step 2 is skipped with "next", the last step plays until
    /// stopped. On the private fleet it runs over the spring daylight-saving change (02:00 EST → 03:00 EDT).
    @Test("bedtime routine: every step in order, timed by the device, then stopped")
    func bedtimeRoutine() async throws {
        try await HIL.scenario("bedtime routine", clockStart: "2026-03-08T01:58:30-05:00") { run in
            guard let device = run.target.device(where: { $0.light }, preferring: [.restoreV4, .restoreV5, .riotPlus]) else {
                run.notApplicable("bedtime routine (no device with a light)", essential: true)
                return
            }
            let open = try await run.open(device)
            let routines = open.dependencies.adultRoutine().routineStateProvider
            let observing = Task { await routines.observe() }
            run.onCleanup("stop observing the routines") { observing.cancel() }
            try await routines.load()

            let sound = device.product.sounds.sounds.first?.id ?? 3
            let stepSeconds = 120
            let steps = [
                RoutineStep(color: ColorState(id: WireConstants.customColorID, r: 65535, g: 24000, b: 0, i: 20000),
                            sound: SoundState(id: sound, v: 24000), duration: stepSeconds),
                RoutineStep(color: ColorState(id: WireConstants.customColorID, r: 65535, g: 12000, b: 0, i: 4000),
                            sound: SoundState(id: sound, v: 16000), duration: stepSeconds),
                RoutineStep(color: nil, sound: SoundState(id: sound, v: 9000), duration: 0),
            ]
            let sender = open.session.actionSender
            let receipt = try await sender.editRoutines(RecordRequest(op: .create, item: Routine(id: 0, name: "HIL bedtime", type: .sleep, steps: steps)),
                                                        device.macAddress, device.product)
            let id = try await run.createdRecordID(receipt, named: "HIL bedtime") { routines.routines.map { ($0.id, $0.name) } }
            run.onCleanup("delete the HIL routine") { _ = try await sender.editRoutines(RecordRequest(op: .delete, id: id), device.macAddress, device.product) }
            try await run.waitUntil("the routine feature listing the new routine", within: .seconds(HILTarget.realTimeSlack)) { routines.routines.contains { $0.id == id } }
            let routine = try routines.routine(matching: "HIL bedtime")
            let clock = try await run.deviceClock(open)

            let mark = open.log.mark
            try await routines.start(routine)
            let first = try await open.log.first(after: mark, "step 1", within: .seconds(HILTarget.realTimeSlack)) {
                $0.reported.current.srId == id && $0.reported.current.step == 1 && $0.reported.current.playing == .routine
            }
            try run.require(first.state.reported.current.color?.i == 20000 && first.state.reported.current.sound.v == 24000,
                            "step 1 shows the wrong light or sound: \(StateLog.summary(first.state))")
            // Step 1 may last only two real seconds (60×): on a loaded machine the feature's next update can
            // already be step 2, which also proves it followed the routine.
            try await run.waitUntil("the routine feature showing step 1 (or later)", within: .seconds(HILTarget.realTimeSlack)) { (routines.progress?.step ?? 0) >= 1 }

            let second = try await open.log.first(after: first.index, "step 2 after step 1's \(stepSeconds) s",
                                                  within: run.target.realTimeout(simSeconds: TimeInterval(stepSeconds))) {
                $0.reported.current.srId == id && $0.reported.current.step == 2
            }
            let lasted = second.state.timestamp - first.state.timestamp
            try run.require(lasted >= stepSeconds - 1 && lasted <= stepSeconds + run.target.simTolerance,
                            "step 1 lasted \(lasted) s sim instead of \(stepSeconds)")
            try run.require(second.state.reported.current.color?.i == 4000 && second.state.reported.current.sound.v == 16000,
                            "step 2 shows the wrong light or sound: \(StateLog.summary(second.state))")
            try await run.waitUntil("the routine feature showing step 2", within: .seconds(HILTarget.realTimeSlack)) { routines.progress?.step == 2 }

            try await routines.next()
            let third = try await open.log.first(after: second.index, "step 3 after next", within: .seconds(HILTarget.realTimeSlack)) {
                $0.reported.current.srId == id && $0.reported.current.step == 3
            }
            try run.require(third.state.reported.current.color?.id == WireConstants.colorOffID && third.state.reported.current.sound.v == 9000,
                            "step 3 (sound only) shows the wrong light or sound: \(StateLog.summary(third.state))")
            try await run.waitUntil("the routine feature showing the last step", within: .seconds(HILTarget.realTimeSlack)) { routines.progress?.isLastStep == true }

            try await routines.stop()
            try await open.log.first(after: third.index, "stop", within: .seconds(HILTarget.realTimeSlack)) {
                $0.reported.current.playing == PlayingMode.none && $0.reported.current.srId == 0
            }
            try await run.waitUntil("the routine feature showing nothing running", within: .seconds(HILTarget.realTimeSlack)) { routines.progress == nil }
            run.note("\(device.name) step 1 \(clock.local(epoch: first.state.timestamp)) lasted \(lasted) s sim")
            run.note("step 2 \(clock.local(epoch: second.state.timestamp)), next → step 3 \(clock.local(epoch: third.state.timestamp)), stopped")
        }
    }
}

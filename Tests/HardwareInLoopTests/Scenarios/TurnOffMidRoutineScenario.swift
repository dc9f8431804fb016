import Foundation
import HatchAdultRoutine
import HatchDeviceModel
import HatchHardwareInLoop
import HatchDeviceSession
import Testing

extension HardwareInLoopTests {
    /// Scenario 3: turning a device off in the middle of a routine's first step: light and sound go
    /// off at once, and the routine does not come back when its step would have ended.
    @Test("turning off mid-routine: everything stops and the next step never starts")
    func turnOffMidRoutine() async throws {
        try await HIL.scenario("turn off mid-routine", clockStart: "2026-02-12T21:40:00-05:00") { run in
            let device = run.target.device(where: { _ in true }, preferring: [.riotPlus, .riot, .restoreIot, .restoreV5])
            guard let device else {
                run.notApplicable("turn off (no device)", essential: true)
                return
            }
            let open = try await run.open(device)
            let routines = open.dependencies.adultRoutine().routineStateProvider
            let observing = Task { await routines.observe() }
            run.onCleanup("stop observing the routines") { observing.cancel() }
            try await routines.load()

            let sound = device.product.sounds.sounds.first?.id ?? 3
            let stepSeconds = 120
            let light = device.capabilities.light ? ColorState(id: WireConstants.customColorID, r: 40000, g: 20000, b: 65535, i: 30000) : nil
            let steps = [
                RoutineStep(color: light, sound: SoundState(id: sound, v: 20000), duration: stepSeconds),
                RoutineStep(color: light, sound: SoundState(id: sound, v: 10000), duration: 0),
            ]
            let sender = open.session.actionSender
            let receipt = try await sender.editRoutines(RecordRequest(op: .create, item: Routine(id: 0, name: "HIL wind down", type: .flex, steps: steps)),
                                                        device.macAddress, device.product)
            let id = try await run.createdRecordID(receipt, named: "HIL wind down") { routines.routines.map { ($0.id, $0.name) } }
            run.onCleanup("delete the HIL routine") { _ = try await sender.editRoutines(RecordRequest(op: .delete, id: id), device.macAddress, device.product) }
            try await run.waitUntil("the routine feature listing the new routine", within: .seconds(HILTarget.realTimeSlack)) { routines.routines.contains { $0.id == id } }
            let clock = try await run.deviceClock(open)

            let mark = open.log.mark
            try await routines.start(try routines.routine(matching: String(id)))
            let started = try await open.log.first(after: mark, "step 1", within: .seconds(HILTarget.realTimeSlack)) {
                $0.reported.current.srId == id && $0.reported.current.step == 1
            }
            try run.require(started.state.reported.current.sound.isPlaying, "step 1 plays no sound: \(StateLog.summary(started.state))")
            try await run.waitUntil("the routine feature showing step 1", within: .seconds(HILTarget.realTimeSlack)) { routines.progress?.step == 1 }

            try await routines.stop()
            let off = try await open.log.first(after: started.index, "everything off", within: .seconds(HILTarget.realTimeSlack)) {
                $0.reported.current.playing == PlayingMode.none && $0.reported.current.srId == 0
            }
            let current = off.state.reported.current
            try run.require(!current.sound.isPlaying, "the sound kept playing after turning off: \(StateLog.summary(off.state))")
            try run.require(current.color.map { $0.id == WireConstants.colorOffID } ?? true, "the light stayed on after turning off: \(StateLog.summary(off.state))")
            try await run.waitUntil("the routine feature showing nothing running", within: .seconds(HILTarget.realTimeSlack)) { routines.progress == nil }
            let offAfter = off.state.timestamp - started.state.timestamp
            run.note("\(device.name) step 1 at \(clock.local(epoch: started.state.timestamp)), off after \(offAfter) s sim")

            // Past the moment step 2 would have begun, nothing may start again.
            let stepEnd = started.state.timestamp + stepSeconds
            if let control = run.simulator(for: "clock jump past the step's end") {
                try await control.jumpClock(by: TimeInterval(stepEnd + 30) - control.now.timeIntervalSince1970)
            }
            var later = try await open.session.currentState()
            for _ in 0..<20 where later.timestamp < stepEnd + 30 {
                try await Task.sleep(for: .milliseconds(Int(Double(stepEnd + 30 - later.timestamp) / run.target.speed * 1000) + 50))
                later = try await open.session.currentState()
            }
            try run.require(later.timestamp >= stepEnd + 30, "the device clock did not reach the step's end")
            let restarted = open.log.states(from: off.index).contains { $0.reported.current.srId == id }
            try run.require(!restarted && later.reported.current.playing == PlayingMode.none,
                            "the routine came back after being turned off: \(StateLog.summary(later))")
            run.note("still off at \(clock.local(epoch: later.timestamp)) (step end +30 s)")
        }
    }
}

import Foundation
import HatchAdultRoutine
import HatchDeviceModel
import HatchHardwareInLoop
import HatchDeviceSession
import HatchIoTDeviceConnectionStateClient
import Testing

extension HardwareInLoopTests {
    /// Scenario 7: the broker crashes in the middle of a routine and comes back on the same port. The
    /// client session and the devices reconnect by themselves; the device's connection state goes
    /// unknown and back to online; the routine goes on and is finished through the routine feature.
    @Test("the broker restarts mid-scenario; the scenario completes after the reconnect")
    func brokerRestart() async throws {
        try await HIL.scenario("broker restart", clockStart: "2026-06-15T07:10:00-04:00") { run in
            guard let device = run.target.device(where: { $0.light }, preferring: [.restoreIot, .restoreV5]) else {
                run.notApplicable("broker restart (no device with a light)", essential: true)
                return
            }
            let open = try await run.open(device)
            let routines = open.dependencies.adultRoutine().routineStateProvider
            let observing = Task { await routines.observe() }
            run.onCleanup("stop observing the routines") { observing.cancel() }
            try await routines.load()
            let connection = run.followConnection(of: open)
            _ = try await connection.first("online", within: .seconds(HILTarget.realTimeSlack)) { $0.isOnline }

            let sound = device.product.sounds.sounds.first?.id ?? 3
            let steps = [
                RoutineStep(color: ColorState(id: WireConstants.customColorID, r: 65535, g: 40000, b: 10000, i: 25000),
                            sound: SoundState(id: sound, v: 18000), duration: 1800),
                RoutineStep(color: ColorState(id: WireConstants.customColorID, r: 65535, g: 20000, b: 0, i: 8000),
                            sound: SoundState(id: sound, v: 9000), duration: 0),
            ]
            let sender = open.session.actionSender
            let receipt = try await sender.editRoutines(RecordRequest(op: .create, item: Routine(id: 0, name: "HIL reading", type: .flex, steps: steps)),
                                                        device.macAddress, device.product)
            let id = try await run.createdRecordID(receipt, named: "HIL reading") { routines.routines.map { ($0.id, $0.name) } }
            run.onCleanup("delete the HIL routine") { _ = try await sender.editRoutines(RecordRequest(op: .delete, id: id), device.macAddress, device.product) }
            try await run.waitUntil("the routine feature listing the new routine", within: .seconds(HILTarget.realTimeSlack)) { routines.routines.contains { $0.id == id } }
            let mark = open.log.mark
            try await routines.start(try routines.routine(matching: String(id)))
            let first = try await open.log.first(after: mark, "step 1", within: .seconds(HILTarget.realTimeSlack)) {
                $0.reported.current.srId == id && $0.reported.current.step == 1
            }
            try await run.waitUntil("the routine feature showing step 1", within: .seconds(HILTarget.realTimeSlack)) { routines.progress?.step == 1 }

            guard let control = run.simulator(for: "crash and restart the broker") else {
                run.notApplicable("reconnect after the broker restart", essential: true)
                return
            }
            let crashed = ContinuousClock.now
            let beforeCrash = open.log.mark
            try await control.crashBroker(downtime: .milliseconds(500))
            let unknown = try await connection.first("unknown while the broker is down", within: .seconds(HILTarget.realTimeSlack)) { $0 == .unknown }
            _ = try await connection.first(after: unknown, "online after the restart", within: .seconds(HILTarget.realTimeSlack)) { $0.isOnline }
            let clientBack = (ContinuousClock.now - crashed).realSeconds
            try run.require(run.target.session.connectionState == .connected, "the client session is \(run.target.session.connectionState)")
            // The device reconnects on its own schedule and reports its whole state again.
            try await open.log.first(after: beforeCrash, "the device reporting again after the restart", within: .seconds(HILTarget.realTimeSlack)) {
                $0.reported.connected && $0.reported.current.srId == id
            }
            let deviceBack = (ContinuousClock.now - crashed).realSeconds

            // The scenario goes on over the new connections: next step, then off.
            try await run.waitUntil("the routine feature still showing step 1", within: .seconds(HILTarget.realTimeSlack)) { routines.progress?.step == 1 }
            try await routines.next()
            let second = try await open.log.first(after: first.index, "step 2 after the restart", within: .seconds(HILTarget.realTimeSlack)) {
                $0.reported.current.srId == id && $0.reported.current.step == 2
            }
            try run.require(second.state.reported.current.color?.i == 8000, "step 2 shows the wrong light: \(StateLog.summary(second.state))")
            try await routines.stop()
            try await open.log.first(after: second.index, "stop after the restart", within: .seconds(HILTarget.realTimeSlack)) {
                $0.reported.current.playing == PlayingMode.none
            }
            try await run.waitUntil("the routine feature showing nothing running", within: .seconds(HILTarget.realTimeSlack)) { routines.progress == nil }
            run.note("\(device.name) routine step 1, broker killed and back on port \(control.brokerPort.map(String.init) ?? "-"): client connection unknown → online "
                     + "after \(String(format: "%.1f", clientBack)) s real, device reporting again after \(String(format: "%.1f", deviceBack)) s real")
            run.note("next → step 2, stopped")
        }
    }
}

import Foundation
import HatchDeviceModel
import HatchHardwareInLoop
import HatchDeviceSession
import Testing

extension HardwareInLoopTests {
    /// Scenario 4: toddler lock always on, then never, then back to the device's own mode, whose
    /// `toddlerLockOn` must match its schedule at the device's local time. On the private fleet the
    /// evening start sits inside a 19:00–06:30 window, and a clock jump crosses its morning edge.
    @Test("toddler lock: on, off, and back to the device's own schedule")
    func toddlerLock() async throws {
        try await HIL.scenario("toddler lock on/off", clockStart: "2026-01-14T19:05:00-05:00") { run in
            guard let device = run.target.device(where: { $0.toddlerLock }, preferring: [.restoreV5, .riot, .restoreV4]) else {
                run.notApplicable("toddler lock (no device with one)", essential: true)
                return
            }
            let open = try await run.open(device)
            let initial = try await open.session.currentState()
            guard let original = initial.reported.toddlerLock else {
                throw ScenarioFailure("\(device) reports no toddlerLock although its product has one")
            }
            run.onCleanup("restore the toddler lock mode") { try await open.session.send(.setToddlerLock(original.turnOnMode)) }
            let clock = try await run.deviceClock(open)

            // From the latest state on: a device already locked reports nothing new.
            let mark = max(0, open.log.mark - 1)
            try await open.session.send(.setToddlerLock(.always))
            let locked = try await open.log.first(after: mark, "toddler lock on", within: .seconds(HILTarget.realTimeSlack)) {
                $0.reported.toddlerLock?.turnOnMode == .always && $0.reported.toddlerLockOn == true
            }
            try await open.session.send(.setToddlerLock(.never))
            let unlocked = try await open.log.first(after: locked.index, "toddler lock off", within: .seconds(HILTarget.realTimeSlack)) {
                $0.reported.toddlerLock?.turnOnMode == .never && $0.reported.toddlerLockOn == false
            }
            run.note("\(device.name) always → locked, never → unlocked")

            try await open.session.send(.setToddlerLock(original.turnOnMode))
            let restored = try await open.log.first(after: unlocked.index, "toddler lock back to \(original.turnOnMode.rawValue)", within: .seconds(HILTarget.realTimeSlack)) {
                $0.reported.toddlerLock?.turnOnMode == original.turnOnMode
            }
            let localTime = try clock.timeOfDay(Date(timeIntervalSince1970: TimeInterval(restored.state.timestamp)))
            let expected = original.isLocked(at: localTime)
            let settled = try await open.log.first(after: restored.index, "toddlerLockOn \(expected) for \(original.turnOnMode.rawValue) at \(localTime)",
                                                   within: .seconds(HILTarget.realTimeSlack)) { $0.reported.toddlerLockOn == expected }
            let window = original.turnOnMode == .custom ? " \(original.turnOnAt)–\(original.turnOffAt)" : ""
            run.note("\(original.turnOnMode.rawValue)\(window) at \(clock.local(epoch: restored.state.timestamp)) → \(expected ? "locked" : "unlocked")")

            guard original.turnOnMode == .custom else { return }
            // Across the window's edge the device must change `toddlerLockOn` by itself.
            if let control = run.simulator(for: "clock jump across the lock window's edge") {
                let now = Date(timeIntervalSince1970: TimeInterval(settled.state.timestamp))
                let edge = try clock.nextMoment(of: expected ? original.turnOffAt : original.turnOnAt, after: now)
                try await control.jumpClock(by: edge.timeIntervalSince(control.now) + 30)
                let flipped = try await open.log.first(after: settled.index, "toddlerLockOn flipping at the window's edge", within: .seconds(HILTarget.realTimeSlack)) {
                    $0.reported.toddlerLockOn == !expected
                }
                run.note("edge \(clock.local(edge)) → \(expected ? "unlocked" : "locked") at \(clock.local(epoch: flipped.state.timestamp))")
            }
        }
    }
}

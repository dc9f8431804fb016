import Foundation
import HatchAdultAlarms
import HatchDeviceModel
import HatchHardwareInLoop
import HatchDeviceSession
import Testing

extension HardwareInLoopTests {
    /// Scenario 1: a one-time alarm with a sunrise, through the alarm feature (``AlarmStateProvider``).
    /// On the private fleet it runs across midnight: the sunrise starts before 00:00, the alarm rings after.
    @Test("wake alarm: the sunrise ramps up monotonically, the alarm fires, snoozes, fires again and is dismissed")
    func wakeAlarmWithSunrise() async throws {
        try await HIL.scenario("wake alarm + sunrise", clockStart: "2026-01-06T23:56:40-05:00") { run in
            guard let device = run.target.device(where: { $0.light && $0.alarms }, preferring: [.restoreV5, .restoreIot, .restoreV4]) else {
                run.notApplicable("wake alarm (no device with a light and alarms)", essential: true)
                return
            }
            let open = try await run.open(device)
            let alarms = open.dependencies.adultAlarms().alarmStateProvider
            let observing = Task { await alarms.observe() }
            run.onCleanup("stop observing the alarms") { observing.cancel() }
            try await alarms.load()
            // The device's own alarms could fire into the scenario: disarm them, re-arm them at the end.
            for other in alarms.alarms where other.enabled {
                try await alarms.disable(other)
                run.onCleanup("re-arm \(other.name)") { try await alarms.enable(other) }
            }

            let clock = try await run.deviceClock(open)
            let lead = 180
            let snoozeDuration = !run.target.isSimulated ? 60 : 540
            let wake = try clock.wholeMinute(atLeast: TimeInterval(lead + 40))
            let sunriseStart = wake.date.addingTimeInterval(-TimeInterval(lead))
            let color = ColorState(id: WireConstants.customColorID, r: 65535, g: 30000, b: 6000, w: 10000, i: 60000)
            let sound = SoundState(id: device.product.sounds.sounds.first?.id ?? 5, v: 30000)
            var alarm = Alarm(id: 0, name: "HIL wake", daysOfWeek: .once, wakeTime: wake.time, sunriseLead: lead,
                              snoozeDuration: snoozeDuration, color: color, sound: sound)
            let receipt = try await alarms.add(alarm)
            let id = try await run.createdRecordID(receipt, named: alarm.name) { alarms.alarms.map { ($0.id, $0.name) } }
            alarm.id = id
            run.onCleanup("delete the HIL alarm") { [alarm] in try await alarms.delete(alarm) }
            run.note("\(device.name) alarm \(wake.time) (sunrise from \(clock.local(sunriseStart)))")

            if let control = run.simulator(for: "clock jump to the sunrise") {
                let gap = sunriseStart.timeIntervalSince(control.now) - 10
                if gap > 0 { try await control.jumpClock(by: gap) }
            }
            let mark = open.log.mark
            let first = try await open.log.first(after: mark, "sunrise", within: run.target.realTimeout(simSeconds: wake.date.timeIntervalSince(clock.now))) {
                $0.reported.current.srId == id && $0.reported.current.playing == .routine && $0.reported.current.step == 1
            }
            let ring = try await open.log.first(after: first.index, "alarm ringing", within: run.target.realTimeout(simSeconds: TimeInterval(lead))) {
                $0.reported.current.srId == id && $0.reported.current.step == 2
            }
            let ramp = open.log.states(from: first.index).prefix(ring.index - first.index)
                .filter { $0.reported.current.srId == id && $0.reported.current.step == 1 }
                .compactMap { $0.reported.current.color?.i }
            let monotonic = zip(ramp, ramp.dropFirst()).allSatisfy { $0 <= $1 }
            try run.require(monotonic, "the sunrise intensity went down: \(ramp)")
            try run.require(Set(ramp).count >= 5, "the sunrise had only \(Set(ramp).count) distinct intensities: \(ramp)")
            try run.require((ramp.last ?? 0) <= color.i && (ramp.first ?? 0) < (ramp.last ?? 0), "the sunrise did not rise toward \(color.i): \(ramp)")
            let fired = ring.state.timestamp - Int(wake.date.timeIntervalSince1970)
            try run.require((-1...run.target.simTolerance).contains(fired), "the alarm fired \(fired) s sim after its wake time")
            try run.require(ring.state.reported.current.color?.i == color.i, "the ringing light is not at full intensity")
            run.note("sunrise \(Set(ramp).count) steps monotonic (i \(ramp.first ?? 0)→\(ramp.last ?? 0))")
            run.note("fired \(clock.local(epoch: ring.state.timestamp)) (\(fired >= 0 ? "+" : "")\(fired) s sim)")
            try await run.waitUntil("the alarm feature showing it ringing", within: .seconds(HILTarget.realTimeSlack)) { alarms.status.name == "ringing" }

            try await alarms.snooze()
            let snoozed = try await open.log.first(after: ring.index, "snooze", within: .seconds(HILTarget.realTimeSlack)) { $0.reported.snooze?.active == true }
            let snoozeStart = snoozed.state.reported.snooze?.startTime ?? snoozed.state.timestamp
            try run.require(!snoozed.state.reported.current.sound.isPlaying, "the wake sound kept playing during the snooze")
            try await run.waitUntil("the alarm feature showing the snooze", within: .seconds(HILTarget.realTimeSlack)) { alarms.status.name == "snoozed" }
            if let control = run.simulator(for: "clock jump over the snooze") {
                let gap = TimeInterval(snoozeStart + snoozeDuration) - control.now.timeIntervalSince1970 - 15
                if gap > 0 { try await control.jumpClock(by: gap) }
            }
            let refire = try await open.log.first(after: snoozed.index, "re-fire after the snooze",
                                                  within: run.target.realTimeout(simSeconds: TimeInterval(snoozeDuration))) {
                $0.reported.current.srId == id && $0.reported.current.step == 2 && $0.reported.snooze?.active != true
            }
            let after = refire.state.timestamp - snoozeStart
            try run.require(after >= snoozeDuration - 1 && after <= snoozeDuration + run.target.simTolerance,
                            "the alarm re-fired \(after) s sim after the snooze began (snooze \(snoozeDuration) s)")
            run.note("snooze re-fire +\(after) s sim")

            try await run.waitUntil("the alarm feature showing it ringing again", within: .seconds(HILTarget.realTimeSlack)) { alarms.status.name == "ringing" }
            try await alarms.dismiss()
            try await open.log.first(after: refire.index, "dismissal", within: .seconds(HILTarget.realTimeSlack)) {
                $0.reported.current.playing == PlayingMode.none && $0.reported.current.srId == 0
            }
            try await run.waitUntil("the alarm feature showing it idle", within: .seconds(HILTarget.realTimeSlack)) { alarms.status == .idle }
            try await run.waitUntil("the one-time alarm disarming itself", within: .seconds(HILTarget.realTimeSlack)) {
                alarms.alarms.first { $0.id == id }?.enabled == false
            }
            run.note("dismissed, one-time alarm disarmed")
        }
    }
}

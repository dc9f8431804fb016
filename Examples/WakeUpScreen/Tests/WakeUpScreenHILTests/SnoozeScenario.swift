import Foundation
import HatchHardwareInLoop
import Testing
import WakeUpScreen

extension WakeUpScreenHILTests {
    /// Snooze is refused until the alarm rings; pressed while it rings, the device stops the sound and
    /// the screen shows the snooze; dismiss turns it off.
    @Test("snooze from the screen while the alarm rings, then dismiss")
    func snooze() async throws {
        try await HIL.scenario("screen: snooze", clockStart: "2026-03-04T06:28:00-05:00") { run in
            guard let bedside = try await ScreenUnderTest.open(run) else { return }
            let screen = bedside.screen
            let log = bedside.log
            let (alarm, wake) = try await bedside.addAlarm("Screen snooze", inSeconds: 90, sunriseLead: 60, run: run)
            do {
                try await screen.snooze()
                throw ScenarioFailure("snooze was accepted before the alarm rang (\(screen.state))")
            } catch is WakeUpScreenError {}

            let ring = try await log.first("the alarm ringing", withinSimulated: wake.timeIntervalSince(bedside.clock.now) + 60) {
                $0.reported.current.srId == alarm.id && $0.reported.current.step == 2
            }
            try await run.waitUntil("the screen offering snooze", within: .seconds(HILTarget.realTimeSlack), seen: { "\(screen.state)" }) { screen.canSnooze }
            try await screen.snooze()
            let snoozed = try await log.first(after: ring.index, "the snooze", within: .seconds(HILTarget.realTimeSlack)) { $0.reported.snooze?.active == true }
            try run.require(!snoozed.state.reported.current.sound.isPlaying, "the alarm kept sounding during the snooze")
            try await run.waitUntil("the screen showing the snooze", within: .seconds(HILTarget.realTimeSlack), seen: { "\(screen.state)" }) {
                if case .snoozed("Screen snooze", _) = screen.state { return true }
                return false
            }

            try await screen.dismiss()
            try await run.waitUntil("the screen showing no alarm", within: .seconds(HILTarget.realTimeSlack), seen: { "\(screen.state)" }) { screen.state == .noAlarm }
            run.note("\(bedside.name): rang \(bedside.clock.local(epoch: ring.state.timestamp)), snoozed, dismissed")
        }
    }
}

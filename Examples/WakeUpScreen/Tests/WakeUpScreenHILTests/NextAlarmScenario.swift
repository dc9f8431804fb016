import Foundation
import HatchHardwareInLoop
import Testing
import WakeUpScreen

extension WakeUpScreenHILTests {
    /// A new alarm appears on the screen with its wake time and the moment its sunrise begins.
    @Test("the screen shows the next alarm and when its sunrise begins")
    func nextAlarm() async throws {
        try await HIL.scenario("screen: next alarm", clockStart: "2026-03-02T21:30:00-05:00") { run in
            guard let bedside = try await ScreenUnderTest.open(run) else { return }
            let screen = bedside.screen
            try await run.waitUntil("the screen showing no alarm", within: .seconds(HILTarget.realTimeSlack), seen: { "\(screen.state)" }) {
                screen.state == .noAlarm
            }

            let (alarm, wake) = try await bedside.addAlarm("Screen next", inSeconds: 3600, sunriseLead: 900, run: run)
            let expected = WakeUpScreenState.upcoming(name: "Screen next", wakeTime: alarm.wakeTime, sunriseFrom: wake.addingTimeInterval(-900))
            try await run.waitUntil("the screen showing \(expected)", within: .seconds(HILTarget.realTimeSlack), seen: { "\(screen.state)" }) {
                screen.state == expected
            }
            try run.require(!screen.canSnooze, "the screen offers snooze an hour before the alarm")
            run.note("\(bedside.name): \(screen.state), sunrise from \(bedside.clock.local(wake.addingTimeInterval(-900)))")
        }
    }
}

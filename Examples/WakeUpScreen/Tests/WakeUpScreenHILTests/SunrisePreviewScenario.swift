import Foundation
import HatchHardwareInLoop
import Testing
import WakeUpScreen

extension WakeUpScreenHILTests {
    /// Jumps the simulated clock an hour ahead into the sunrise: the screen shows it brightening.
    /// Only a simulated fleet's clock can jump, so on real devices this scenario is not applicable.
    @Test("jumping to the sunrise: the screen shows it brightening")
    func sunrisePreview() async throws {
        try await HIL.scenario("screen: sunrise (clock jump)", clockStart: "2026-03-03T05:00:00-05:00") { run in
            guard let simulator = run.simulator(for: "jump the clock to the sunrise", essential: true),
                  let bedside = try await ScreenUnderTest.open(run) else { return }
            let screen = bedside.screen
            let (_, wake) = try await bedside.addAlarm("Screen sunrise", inSeconds: 3600, sunriseLead: 600, run: run)

            try await simulator.jumpClock(to: wake.addingTimeInterval(-610))
            var first = 0
            try await run.waitUntil("the screen showing the sunrise", within: .seconds(HILTarget.realTimeSlack), seen: { "\(screen.state)" }) {
                guard case .sunrise("Screen sunrise", let percent) = screen.state else { return false }
                first = percent
                return true
            }
            try await run.waitUntil("the sunrise brightening to \(first + 10)% or more", within: run.target.realTimeout(simSeconds: 300),
                                    seen: { "\(screen.state)" }) {
                guard case .sunrise(_, let percent) = screen.state else { return false }
                return percent >= first + 10
            }
            run.note("\(bedside.name): jumped to \(bedside.clock.local(wake.addingTimeInterval(-610))), \(first)% → \(screen.state)")
        }
    }
}

import Foundation
import HatchHardwareInLoop
import HatchScenarioFile
import Testing

extension HardwareInLoopTests {
    /// A scenario file run from a test with the kit: the same engine as `hatchctl scenario run`,
    /// each failed expectation a test issue that states the measured value.
    @Test("a scenario file: six wake-ups, snoozes from the app, commands")
    func scenarioFile() async throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/scenarios/kit-wake.yaml")
        let result = try await HIL.scenarioFile(file, target: .simulated(SimulatedFleet()))
        #expect(result.verdict == .pass, "\(result.expectations.map { "\($0.caseName): \($0.measuredText)" })")
        #expect(result.metrics["alarms.fired"] == 6)
        #expect((result.metrics["commands.sent"] ?? 0) > 0)
    }
}

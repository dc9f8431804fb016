import Testing
@testable import HatchHardwareInLoop

/// Not applicable means "this target cannot do it": true of external devices, never of the fleet the
/// kit starts, whose control channel and products the scenario can count on.
@Suite("not applicable: skipped on external devices, a failure on the kit's own fleet")
struct NotApplicableVerdictTests {
    @Test("a step reported not applicable on the simulated fleet fails the scenario, naming the step and what to do")
    func failsOnTheSimulatedFleet() throws {
        let failure = try #require(HIL.notApplicableFailure(["broker restart (no device with a light)"], simulated: true))
        #expect(failure.contains("broker restart (no device with a light)"))
        #expect(failure.contains("fleet file"))
    }

    @Test("on external devices the same steps stay skipped, and a run with none passes either way")
    func skippedElsewhere() {
        #expect(HIL.notApplicableFailure(["broker restart"], simulated: false) == nil)
        #expect(HIL.notApplicableFailure([], simulated: true) == nil)
        #expect(HIL.notApplicableFailure([], simulated: false) == nil)
    }
}

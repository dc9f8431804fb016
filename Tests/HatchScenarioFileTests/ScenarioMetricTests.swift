import HatchScenarioFile
import Testing

@Suite struct ScenarioMetricTests {
    @Test func expectationsCompareInTheirUnit() {
        let location = FieldLocation.code("expect[0]")
        let p99 = Expectation(metric: .latencyP99, comparison: .atMost, bound: 2, location: location)
        #expect(p99.holds(for: 1.9))
        #expect(!p99.holds(for: 2.1))
        #expect(p99.threshold == "commands.latency.p99 ≤ 2 ms")
        let online = Expectation(metric: .devicesOnlineShare, comparison: .atLeast, bound: 0.99, location: location)
        #expect(online.holds(for: 1))
        #expect(!online.holds(for: 0.5))
        #expect(online.threshold == "devices.onlineShare ≥ 99 %")
    }

    @Test func verdictIsNotApplicableOnlyWhenEveryEssentialStageIs() {
        let skipped = StageResult(name: "jump", essential: true, realStart: 0, realEnd: 1, notApplicable: "needs the simulator")
        let ran = StageResult(name: "commands", essential: true, realStart: 1, realEnd: 2)
        let optional = StageResult(name: "warm-up", essential: false, realStart: 0, realEnd: 1)
        #expect(ScenarioResult.verdict(expectations: [], stages: [skipped]) == .notApplicable)
        #expect(ScenarioResult.verdict(expectations: [], stages: [skipped, optional]) == .notApplicable)
        #expect(ScenarioResult.verdict(expectations: [], stages: [skipped, ran]) == .pass)
        let failed = ExpectationResult(metric: "commands.lost", stage: nil, threshold: "commands.lost ≤ 0", measured: 3, measuredText: "3",
                                       verdict: .fail, source: "a.yaml:3")
        #expect(ScenarioResult.verdict(expectations: [failed], stages: [ran]) == .fail)
    }
}

@Suite struct ScenarioDurationTests {
    @Test func compoundDurationsAddUpLargestFirst() {
        #expect(ScenarioDuration.seconds("1h30m") == 5400)
        #expect(ScenarioDuration.seconds("11m30s") == 690)
        #expect(ScenarioDuration.seconds("-2h15m") == -8100)
        #expect(ScenarioDuration.seconds("1.5h") == 5400)
        #expect(ScenarioDuration.seconds("30s5m") == nil, "largest unit first")
        #expect(ScenarioDuration.seconds("1h1h") == nil)
        #expect(ScenarioDuration.seconds("90") == nil, "a bare number has no unit")
    }
}

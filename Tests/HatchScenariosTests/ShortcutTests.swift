import HatchScenarioFile
import HatchScenarios
import Testing

/// What `fleet soak` and `fleet chaos` make of the shipped files: the command line's values in place
/// of the file's, the fleet resized in the file's proportions.
@Suite struct ShortcutTests {
    private func counts(_ scenario: Scenario) -> [String: Int] {
        guard case .generated(let groups) = scenario.fleet.devices else { return [:] }
        return Dictionary(uniqueKeysWithValues: groups.map { ($0.product, $0.count) })
    }

    @Test func soakTakesTheCommandLinesSizeLengthAndThreshold() throws {
        let scenario = try SoakShortcut(devices: 20, minutes: 2, growthPercent: 7, speed: 30).scenario()
        #expect(counts(scenario) == ["restoreV5": 8, "restoreV4": 5, "riotPlus": 3, "riot": 2, "restMini": 2])
        #expect(scenario.clock.speed == 30)
        #expect(!scenario.stages.isEmpty)
        #expect(scenario.stages.allSatisfy { $0.length == .real(seconds: 120) })
        let growth = scenario.expectations.filter { $0.metric == .memoryGrowth }
        #expect(growth.count == 1)
        #expect(growth.allSatisfy { $0.bound == 0.07 })
    }

    @Test func aSmallFleetKeepsTheLargestRemainders() throws {
        let scenario = try SoakShortcut(devices: 3, minutes: 1, growthPercent: 10, speed: 60).scenario()
        #expect(counts(scenario) == ["restoreV5": 1, "restoreV4": 1, "riotPlus": 1])
    }

    @Test func chaosSpacesItsKillsAndHoldsTheStageUntilRecovery() throws {
        let scenario = try ChaosShortcut(devices: 100, brokerKills: 3, hangSeconds: 25, keepAlive: 10, rate: 5, interval: 12,
                                         brokerDowntime: 2, commandDeadline: 30, speed: 60).scenario()
        #expect(counts(scenario).values.reduce(0, +) == 100)
        #expect(scenario.fleet.keepAlive == 10)
        let first = try #require(scenario.stages.first)
        let broker = first.actions.compactMap { action -> BrokerAction? in
            if case .broker(let broker) = action { broker } else { nil }
        }
        #expect(broker.map(\.kind) == [.kill, .hang])
        #expect(broker.first?.times == 3)
        #expect(broker.first?.every == 720)
        #expect(broker.first?.downtime == 2)
        let hangAt: Double = 60 + 3 * 720
        #expect(broker.last.map(\.at) == hangAt)
        // The hang, then two keep-alives and ten seconds of recovery, in simulated seconds.
        #expect(first.length == .simulated(seconds: 2220 + (25 + 20 + 10) * 60))
        for stage in scenario.stages {
            for case .commands(let commands) in stage.actions {
                #expect(commands.perSecond == 5)
                #expect(commands.deadline == 30)
            }
        }
    }

    @Test func chaosWithoutBrokerFaultsLeavesOnlyTheDeviceFaults() throws {
        let scenario = try ChaosShortcut(devices: 10, brokerKills: 0, hangSeconds: 0, keepAlive: 5, rate: 1, interval: 12,
                                         brokerDowntime: 1, commandDeadline: 10, speed: 60).scenario()
        let brokerActions = scenario.stages.flatMap(\.actions).filter { if case .broker = $0 { true } else { false } }
        #expect(brokerActions.isEmpty)
        #expect(scenario.stages.flatMap(\.actions).contains { if case .fault = $0 { true } else { false } })
    }
}

import Foundation
import HatchMosquittoBroker
import HatchMQTT
import Testing
@testable import HatchDeviceSimulator

/// ``Fleet/holdTicks(_:)`` over a real mosquitto: held, the devices stay online and publish nothing
/// however far simulated time moves; released, each catches up at its next tick.
@Suite("Fleet tick hold", .serialized)
struct FleetTickHoldTests {
    /// Three devices looping a routine of 60-second steps, so every simulated minute is a report.
    static let yaml = """
        fleet: hold
        defaults:
          timezone: UTC
        routineTemplates:
          cycle:
            - id: 1
              name: Cycle
              type: flex
              steps:
                - { color: { r: 65535, g: 20000, b: 0, w: 0, i: 20000 }, duration: 60 }
                - { color: { r: 0, g: 20000, b: 65535, w: 0, i: 10000 }, duration: 60 }
        cohorts:
          - name: hold
            count: 3
            macPrefix: "02:4E:00"
            products: { restoreV5: 1 }
            routineTemplate: cycle
            autoStartRoutine: 1
        """

    /// Waits until every scheduler worker has finished two more passes over its devices.
    private static func waitForSchedulerPasses(_ fleet: Fleet) async throws {
        let target = fleet.completedSchedulerPasses + 2
        let deadline = ContinuousClock.now + .seconds(10)
        while fleet.completedSchedulerPasses < target {
            try #require(ContinuousClock.now < deadline, "the fleet's scheduler workers did not finish two passes in 10 s")
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test("held ticks publish nothing while time passes; released, every device reports again", arguments: [90.0, 3_600.0])
    func holdAndRelease(simulatedSeconds: Double) async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let clock = SimulationClock(mode: .manual, startTime: EngineFixtures.monday0600)
        let fleet = try Fleet(configuration: FleetConfiguration(
            definition: try FleetFileParser.parse(Self.yaml, file: "<hold>"), broker: try MQTTBrokerURL(broker.url), clock: clock,
            tickInterval: .milliseconds(10), controlTopics: false))
        try await fleet.start()
        #expect(fleet.status().online == 3)

        fleet.holdTicks(true)
        // A tick already under way when the hold began finishes first.
        try await Self.waitForSchedulerPasses(fleet)
        let held = fleet.statistics.messagesOut
        clock.advance(by: simulatedSeconds)
        // Every scheduler worker has seen the new time and the hold.
        try await Self.waitForSchedulerPasses(fleet)
        #expect(fleet.statistics.messagesOut == held, "devices published while their ticks were held")
        #expect(fleet.status().online == 3)

        fleet.holdTicks(false)
        let deadline = ContinuousClock.now + .seconds(10)
        while fleet.statistics.messagesOut < held + 6, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        // Each of the three devices reports its routine's new step: `/update/accepted` and `/update/documents`.
        #expect(fleet.statistics.messagesOut >= held + 6, "\(fleet.statistics.messagesOut - held) messages after the release")
        await fleet.stop()
    }
}

import Foundation
import HatchScenarioFile
import HatchScenarios
import Testing

/// The engine against a real mosquitto: a small morning with alarms, snoozes and dismissals from the
/// clients, commands, a dropped connection and a broker kill, at two simulated start times.
@Suite(.serialized) struct MorningEngineTests {
    static func morning(start: String, zones: [String]) -> Scenario {
        let here = FieldLocation(file: "morning.yaml", line: 1, field: "test")
        let formatter = ISO8601DateFormatter()
        return Scenario(
            name: "small morning", seed: 3,
            fleet: ScenarioFleet(devices: .generated([
                DeviceGroup(product: "restoreV5", count: 6, timeZones: zones, location: here),
                DeviceGroup(product: "riotPlus", count: 4, timeZones: zones, location: here),
            ]), keepAlive: 5),
            clock: ScenarioClock(start: formatter.date(from: start), startText: start, speed: 120),
            stages: [
                // The alarms are set a simulated hour (30 real seconds) before the first is due, so that a
                // machine busy with the whole suite and a fleet beside it still sets them in time.
                ScenarioStage(name: "wake", length: .simulated(seconds: 85 * 60), actions: [
                    .alarms(AlarmsAction(devices: .all, from: 6 * 60 + 10, to: 6 * 60 + 20, sunrise: true, snooze: 0.4, dismiss: 0.6, location: here)),
                    .commands(CommandsAction(clients: 2, perSecond: 8, kinds: [.light, .volume, .sound], location: here)),
                    // Faults once the alarms are set: a record request to a device that is away goes unanswered.
                    .fault(FaultAction(fault: "dropConnection", parameters: ["reconnectAfter": 1], devices: .share(0.3), at: 3300, location: here)),
                    .broker(BrokerAction(kind: .kill, at: 3900, downtime: 1, location: here)),
                ], expectations: [
                    Expectation(metric: .commandsLost, comparison: .atMost, bound: 0, location: here),
                    Expectation(metric: .commandsAppliedTwice, comparison: .atMost, bound: 0, location: here),
                    Expectation(metric: .alarmsMissed, comparison: .atMost, bound: 0, location: here),
                    Expectation(metric: .alarmsOffMinute, comparison: .atMost, bound: 0, location: here),
                    Expectation(metric: .sunrisesNotRising, comparison: .atMost, bound: 0, location: here),
                    Expectation(metric: .recoveryNotBack, comparison: .atMost, bound: 0, location: here),
                ], location: here),
            ],
            expectations: [Expectation(metric: .alarmsDue, comparison: .equals, bound: 10, location: here)],
            file: "morning.yaml")
    }

    @Test(arguments: [
        ("2026-03-09T05:10:00-04:00", ["America/New_York"]),
        ("2026-11-02T05:08:00Z", ["UTC", "Europe/London"]),
    ])
    func aSmallMorningHolds(start: String, zones: [String]) async throws {
        let plan = try ScenarioPlanner.plan(Self.morning(start: start, zones: zones), baseDirectory: URL(fileURLWithPath: "/"))
        let result = await ScenarioEngine(plan: plan, options: .init(progress: { print($0) })).run()
        for expectation in result.expectations {
            print("\(expectation.verdict.rawValue): \(expectation.caseName) measured \(expectation.measuredText) \(expectation.message ?? "")")
        }
        #expect(result.error == nil)
        #expect(result.verdict == .pass)
        #expect(result.metrics["alarms.fired"] == 10)
        #expect((result.metrics["alarms.snoozed"] ?? 0) >= 1)
        #expect((result.metrics["alarms.dismissed"] ?? 0) >= 1)
        #expect((result.metrics["commands.sent"] ?? 0) > 20)
        #expect(result.marks.contains { $0.kind == .broker })
        #expect(result.samples.count > 5)
    }
}

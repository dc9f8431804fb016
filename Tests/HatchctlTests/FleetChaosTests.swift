import Foundation
import Testing

/// `hatchctl fleet chaos` at small scale against real mosquitto processes: the shipped chaos scenario
/// (broker kills, a broker hang, device faults) and a fleet process kill while commands flow, with the
/// invariants the tool asserts checked here too.
@Suite("fleet chaos", .serialized, .timeLimit(.minutes(4)))
struct FleetChaosTests {
    @Test("20 devices, 2 broker kills, a hang longer than the keep-alive, device faults, 1 fleet kill: nothing duplicated or lost")
    func smallChaosRun() async throws {
        let hatchctl = try Hatchctl()
        let keepAlive = 5
        let result = try await hatchctl.run([
            "fleet", "chaos", "--devices", "20", "--broker-kills", "2", "--fleet-kills", "1", "--keep-alive", "\(keepAlive)",
            "--hang-seconds", "12", "--interval", "4", "--rate", "20", "--command-deadline", "40", "--attempt-timeout", "3", "--json",
        ])
        let outcome = try #require(try result.json() as? [String: Any], "\(result)")
        #expect(result.status == 0, "\(result)")

        // The shipped chaos scenario, through the engine.
        let scenario = try #require(outcome["scenario"] as? [String: Any])
        #expect(scenario["verdict"] as? String == "pass", "\(scenario["expectations"] ?? "")")
        let metrics = try #require(scenario["metrics"] as? [String: Double])
        #expect(metrics["commands.sent", default: 0] > 100, "\(metrics)")
        #expect(metrics["commands.lost"] == 0)
        #expect(metrics["commands.appliedTwice"] == 0)
        #expect(metrics["recovery.notBack"] == 0)
        #expect(metrics["recovery.max", default: .infinity] <= Double(2 * keepAlive), "\(metrics)")
        let brokerMarks = (scenario["marks"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "broker" }
        #expect(brokerMarks.count >= 3, "two kills and a hang: \(brokerMarks)")

        // The fleet process killed mid-write, which the engine cannot do to a fleet in its own process.
        let report = try #require(outcome["fleetKills"] as? [String: Any])
        #expect(report["passed"] as? Bool == true, "\(report["failures"] ?? "")")
        let commands = try #require(report["commands"] as? [String: Int])
        #expect(commands["duplicated"] == 0, "\(report["duplicatedExamples"] ?? "")")
        #expect(commands["lost"] == 0, "\(report["lostExamples"] ?? "")")
        #expect(report["fleetKillsSurvivedWithSettingsIntact"] as? Int == 1)
        let kill = try #require((report["fleetKillResults"] as? [[String: Any]])?.first)
        #expect(kill["offlineByWillInTime"] as? Int == 20)
        #expect((kill["lastWillMaxSeconds"] as? Double ?? .infinity) <= Double(keepAlive) * 1.5)
        #expect((kill["unreadableStateFiles"] as? [String])?.isEmpty == true)
        #expect((kill["devicesChecked"] as? Int ?? 0) >= 15)
        #expect((kill["settingsMismatches"] as? [String])?.isEmpty == true, "\(kill)")
    }

    @Test("bad options are refused before anything starts")
    func refusesBadOptions() async throws {
        let hatchctl = try Hatchctl()
        let result = try await hatchctl.run(["fleet", "chaos", "--keep-alive", "2"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("--keep-alive takes 5 to 3600 seconds"))
    }
}

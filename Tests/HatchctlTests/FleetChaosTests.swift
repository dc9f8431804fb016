import Foundation
import Testing

/// `hatchctl fleet chaos` at small scale against real mosquitto processes: broker kills, a broker
/// hang and a fleet kill while commands flow, with the invariants the tool asserts checked here too.
@Suite("fleet chaos", .serialized, .timeLimit(.minutes(4)))
struct FleetChaosTests {
    @Test("20 devices, 2 broker kills, a hang longer than the keep-alive, 1 fleet kill: nothing duplicated or lost")
    func smallChaosRun() async throws {
        let hatchctl = try Hatchctl()
        let keepAlive = 5
        let result = try await hatchctl.run([
            "fleet", "chaos", "--devices", "20", "--broker-kills", "2", "--fleet-kills", "1", "--keep-alive", "\(keepAlive)",
            "--hang-seconds", "12", "--interval", "2", "--rate", "20", "--command-deadline", "40", "--attempt-timeout", "3", "--json",
        ])
        let report = try #require(try result.json() as? [String: Any], "\(result)")
        #expect(result.status == 0, "\(result)")
        #expect(report["passed"] as? Bool == true, "\(report["failures"] ?? "")")
        let commands = try #require(report["commands"] as? [String: Int])
        #expect(commands["sent", default: 0] > 100, "\(commands)")
        #expect(commands["duplicated"] == 0, "\(report["duplicatedExamples"] ?? "")")
        #expect(commands["lost"] == 0, "\(report["lostExamples"] ?? "")")
        #expect(commands["pending"] == 0)
        #expect(commands["applied", default: 0] + commands["failed", default: 0] + commands["rejected", default: 0] >= commands["sent", default: 0])
        // Redeliveries and retries reached the devices and were answered without being applied again.
        #expect(commands["repeatsAnswered", default: 0] > 0, "\(commands)")

        #expect(report["brokerKillsSurvived"] as? Int == 2)
        let recoveries = try #require(report["recoveries"] as? [[String: Any]])
        #expect(recoveries.count == 3)
        for recovery in recoveries {
            let seconds = try #require(recovery["allOnlineSeconds"] as? Double, "\(recovery)")
            #expect(seconds <= Double(2 * keepAlive), "\(recovery)")
        }
        #expect(report["devicesThatNoticedHang"] as? Int == 20)
        #expect((report["recoveryMaxSeconds"] as? Double ?? .infinity) <= Double(2 * keepAlive))

        #expect(report["fleetKillsSurvivedWithSettingsIntact"] as? Int == 1)
        let kill = try #require((report["fleetKillResults"] as? [[String: Any]])?.first)
        #expect(kill["offlineByWillInTime"] as? Int == 20)
        #expect((kill["lastWillMaxSeconds"] as? Double ?? .infinity) <= Double(keepAlive) * 1.5)
        #expect((kill["unreadableStateFiles"] as? [String])?.isEmpty == true)
        #expect((kill["devicesChecked"] as? Int ?? 0) >= 15)
        #expect((kill["settingsMismatches"] as? [String])?.isEmpty == true, "\(kill)")
        #expect((report["presenceNotOnline"] as? [String])?.isEmpty == true)
    }

    @Test("bad options are refused before anything starts")
    func refusesBadOptions() async throws {
        let hatchctl = try Hatchctl()
        let result = try await hatchctl.run(["fleet", "chaos", "--keep-alive", "2"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("--keep-alive takes 5 to 3600 seconds"))
    }
}

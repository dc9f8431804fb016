import Foundation
import HatchctlTestSupport
import Testing

/// `hatchctl fleet bench` end to end at a small size: every phase runs on its private mosquitto and
/// the JSON report carries each figure, with whether the fleet / ceiling share can be trusted.
@Suite("fleet bench")
struct FleetBenchTests {
    @Test("a small bench reports every phase, the cores each kept busy, and whether they compare")
    func smallBench() async throws {
        let result = try await Hatchctl().run(["fleet", "bench", "--devices", "40", "--round-trip-devices", "4", "--rate", "4",
                                               "--seconds", "1", "--json"])
        #expect(result.status == 0, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                                  "not JSON: \(result.standardOutput)")
        #expect(report["connected"] as? Int == 40)
        #expect(report["rawConnections"] as? Int == 40)
        let fleetRate = try #require(report["fleetMessagesPerSecond"] as? Double)
        let ceilingRate = try #require(report["rawConnectionsMessagesPerSecond"] as? Double)
        #expect(fleetRate > 0 && ceilingRate > 0, "\(report)")
        let share = try #require(report["ceilingShare"] as? Double)
        #expect(abs(share - fleetRate / ceilingRate) < 1e-9)

        // Cores busy: messages per second × CPU per message of this process and the broker.
        let fleetCores = try #require(report["fleetCoresUsed"] as? Double)
        let ceilingCores = try #require(report["rawConnectionsCoresUsed"] as? Double)
        let fleetCPU = try #require(report["fleetCPUMicrosecondsPerMessage"] as? Double)
        let fleetBrokerCPU = try #require(report["fleetBrokerCPUMicrosecondsPerMessage"] as? Double)
        #expect(abs(fleetCores - fleetRate * (fleetCPU + fleetBrokerCPU) / 1_000_000) < 1e-6)
        #expect(fleetCores > 0 && ceilingCores > 0, "\(report)")
        let comparable = try #require(report["ceilingShareComparable"] as? Bool)
        #expect(comparable == (min(fleetCores, ceilingCores) >= 0.9 * max(fleetCores, ceilingCores)), "\(report)")
        #expect(comparable || result.standardError.contains("does not measure the cost of simulating"), "\(result.standardError)")

        let roundTrip = try #require(report["roundTrip"] as? [String: Any])
        let commands = try #require(roundTrip["commands"] as? Int)
        #expect(commands > 0 && roundTrip["completed"] as? Int == commands, "\(roundTrip)")
    }
}

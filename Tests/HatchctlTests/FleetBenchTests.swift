import Foundation
import HatchctlTestSupport
import Testing

/// `hatchctl fleet bench` end to end at a small size: every phase runs on its private mosquitto and
/// the JSON report carries each figure, with whether the fleet / ceiling share can be trusted and,
/// with `--rounds`, every round's share.
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

        // A message counts once the broker read it: what waited for it when publishing stopped, and how long it took.
        for key in ["fleetBacklogMegabytes", "fleetDrainSeconds", "rawConnectionsBacklogMegabytes", "rawConnectionsDrainSeconds"] {
            let value = try #require(report[key] as? Double, "\(key) missing: \(report)")
            #expect(value >= 0, "\(key)")
        }
        #expect(result.standardError.contains("waited for the broker when the devices stopped"), "\(result.standardError)")
        #expect(result.standardError.contains("waited for the broker when publishing stopped"), "\(result.standardError)")

        let roundTrip = try #require(report["roundTrip"] as? [String: Any])
        let commands = try #require(roundTrip["commands"] as? Int)
        #expect(commands > 0 && roundTrip["completed"] as? Int == commands, "\(roundTrip)")
        let rounds = try #require(report["rounds"] as? [[String: Any]])
        #expect(rounds.count == 1 && rounds.first?["ceilingShare"] as? Double == share, "\(rounds)")
    }

    @Test("--rounds alternates the fleet's and the ceiling's phases and reports the median round")
    func rounds() async throws {
        let result = try await Hatchctl().run(["fleet", "bench", "--devices", "30", "--round-trip-devices", "3", "--rate", "3",
                                               "--seconds", "0.5", "--rounds", "3", "--json"])
        #expect(result.status == 0, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                                  "not JSON: \(result.standardOutput)")
        let rounds = try #require(report["rounds"] as? [[String: Any]])
        #expect(rounds.count == 3, "\(rounds)")
        let shares = rounds.compactMap { $0["ceilingShare"] as? Double }
        #expect(shares.count == 3 && shares.allSatisfy { $0 > 0 }, "\(rounds)")
        let median = shares.sorted()[1]
        #expect(report["ceilingShare"] as? Double == median, "\(report)")
        let chosen = try #require(rounds.first { $0["ceilingShare"] as? Double == median })
        for key in ["fleetMessagesPerSecond", "rawConnectionsMessagesPerSecond", "fleetCoresUsed", "rawConnectionsCoresUsed"] {
            #expect(report[key] as? Double == chosen[key] as? Double, "\(key)")
        }
        #expect(rounds.allSatisfy { $0["rawConnections"] as? Int == 30 }, "\(rounds)")
        for round in 1...3 { #expect(result.standardError.contains("round \(round): fleet / ceiling"), "\(result.standardError)") }
    }

    @Test("--split measures the devices alone and hatchctl shadow-service in its own process, each one's CPU per accepted request")
    func split() async throws {
        let hatchctl = try Hatchctl()
        let output = hatchctl.home.appendingPathComponent("bench.json")
        let result = try await hatchctl.run(["fleet", "bench", "--devices", "30", "--round-trip-devices", "3", "--rate", "3",
                                             "--seconds", "1", "--split", "--split-keeps-documents", "--output", output.path])
        #expect(result.status == 0, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any], "not JSON")
        let split = try #require(report["split"] as? [String: Any], "no split figures: \(report)")
        #expect(split["connected"] as? Int == 30 && split["things"] as? Int == 30, "\(split)")
        #expect(split["unansweredRequests"] as? Int == 0 && split["serviceKeepsDocuments"] as? Bool == true, "\(split)")
        let accepted = try #require(split["acceptedPerSecond"] as? Double)
        let requests = try #require(split["deviceRequestsPerSecond"] as? Double)
        let replies = try #require(split["serviceRepliesPerSecond"] as? Double)
        // Every request the window counted was answered in it: accepted or rejected, each accepted
        // update with its /documents too.
        #expect(accepted > 0 && accepted <= requests && replies >= requests, "\(split)")
        // CPU time comes in clock ticks (10 ms): the simulator's roles, which parse and encode every
        // message of this small run in a debug build, spend several; the broker may spend less than one.
        for role in ["deviceCPUMicrosecondsPerAccepted", "serviceCPUMicrosecondsPerAccepted", "fusedCPUMicrosecondsPerAccepted"] {
            #expect(split[role] as? Double ?? 0 > 0, "\(role): \(split)")
        }
        for role in ["brokerCPUMicrosecondsPerAccepted", "fusedBrokerCPUMicrosecondsPerAccepted"] {
            #expect(split[role] as? Double ?? -1 >= 0, "\(role): \(split)")
        }
        #expect(split["fusedAcceptedPerSecond"] as? Double == report["fleetAcceptedPerSecond"] as? Double, "\(report)")
        #expect(split["serviceResidentMegabytes"] as? Double ?? 0 > 0, "\(split)")
        // Saved once a second at most, in batches: a window this short may hold none.
        #expect(split["serviceDocumentsSavedPerSecond"] as? Double ?? -1 >= 0, "\(split)")
        #expect(result.standardError.contains("split: shadow service in process"), "\(result.standardError)")
        #expect(result.standardError.contains("documents saved in a folder"), "\(result.standardError)")
        // The table shows both roles beside the fused fleet.
        #expect(result.standardOutput.contains("CPU per accepted request, split: devices + service + broker"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("CPU per accepted request, fused: fleet + broker"), "\(result.standardOutput)")
    }

    @Test("--rounds outside 1…20 is refused with exit 64, naming the range")
    func roundsOutOfRange() async throws {
        for value in ["0", "21"] {
            let result = try await Hatchctl().run(["fleet", "bench", "--rounds", value])
            #expect(result.status == 64, "\(value): \(result)")
            #expect(result.standardError.contains("1 to 20"), "\(result.standardError)")
        }
        let orphan = try await Hatchctl().run(["fleet", "bench", "--split-keeps-documents"])
        #expect(orphan.status == 64 && orphan.standardError.contains("add --split"), "\(orphan)")
    }
}

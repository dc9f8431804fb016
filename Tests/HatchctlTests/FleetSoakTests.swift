import Foundation
import Testing

/// `hatchctl fleet soak` for a few seconds: it samples the fleet's and the broker's memory and
/// reports the growth after the warm-up.
@Suite("fleet soak", .timeLimit(.minutes(2)))
struct FleetSoakTests {
    @Test("a short soak reports start, warm-up and end samples and the growth between them")
    func shortSoak() async throws {
        let hatchctl = try Hatchctl()
        let result = try await hatchctl.run(["fleet", "soak", "--devices", "10", "--minutes", "0.1", "--warm-up", "0.05",
                                             "--sample-every", "1", "--threshold", "50", "--json"])
        let report = try #require(try result.json() as? [String: Any], "\(result)")
        #expect(result.status == 0, "\(result)")
        let samples = try #require(report["samples"] as? [[String: Any]])
        #expect(samples.count >= 5)
        #expect(samples.allSatisfy { ($0["fleetMegabytes"] as? Double ?? 0) > 1 })
        #expect(samples.allSatisfy { ($0["brokerMegabytes"] as? Double ?? 0) > 0 })
        #expect(samples.last?["online"] as? Int == 10)
        let warm = try #require(report["afterWarmUp"] as? [String: Any])
        #expect((warm["seconds"] as? Double ?? 0) >= 3)
        #expect(report["fleetGrowthMegabytes"] is Double)
        #expect(report["brokerGrowthPercent"] is Double)
        #expect((report["messages"] as? Int ?? 0) > 0)
        #expect((report["flags"] as? [String])?.isEmpty == true)
    }
}

import Foundation
import Testing

/// `hatchctl fleet soak` for a few seconds: the shipped soak scenario, resized from the command line,
/// samples the fleet's memory and judges its growth after the warm-up.
@Suite("fleet soak", .timeLimit(.minutes(2)))
struct FleetSoakTests {
    @Test("a short soak samples memory and judges the growth after the warm-up")
    func shortSoak() async throws {
        let hatchctl = try Hatchctl()
        let result = try await hatchctl.run(["fleet", "soak", "--devices", "10", "--minutes", "0.15", "--threshold", "50", "--json"])
        let report = try #require(try result.json() as? [String: Any], "\(result)")
        #expect(result.status == 0, "\(result)")
        #expect(report["scenario"] as? String == "Soak")
        #expect(report["devices"] as? Int == 10)
        let samples = try #require(report["samples"] as? [[String: Any]])
        #expect(samples.count >= 5)
        #expect(samples.allSatisfy { ($0["memoryMegabytes"] as? Double ?? 0) > 1 })
        #expect(samples.last?["online"] as? Int == 10)
        let expectations = try #require(report["expectations"] as? [[String: Any]])
        let growth = try #require(expectations.first { $0["metric"] as? String == "memory.growth" })
        #expect(growth["threshold"] as? String == "memory.growth ≤ 50 %")
        #expect(growth["measured"] is Double)
        #expect(((report["metrics"] as? [String: Any])?["messages.perSecond"] as? Double ?? 0) > 0)
    }
}

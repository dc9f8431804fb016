import Foundation
import Testing

/// `hatchctl fleet run --shard-from-hostname --shards N`: a StatefulSet pod runs the share of its ordinal.
@Suite("fleet run: the share of a pod's ordinal", .timeLimit(.minutes(2)))
struct ShardFromHostnameTests {
    static let household = HouseholdFleet.packageRoot.appendingPathComponent("devices/household.yaml").path

    /// The thing names a one-second run of the household fleet brings online, read from its debug log.
    private func thingsOnline(_ arguments: [String], environment: [String: String]) async throws -> [String] {
        let result = try await Hatchctl().run(["fleet", "run", "--devices", Self.household, "--dev", "--duration", "1",
                                               "--log-level", "debug"] + arguments, environment: environment)
        #expect(result.status == 0, "\(result)")
        return result.standardError.split(separator: "\n").filter { $0.contains(" online ") }
            .compactMap { line in line.split(separator: " ").first { $0.hasPrefix("thing=") }.map { String($0.dropFirst(6)) } }
    }

    @Test("pod hatch-fleet-3 of 4 runs share 4/4, the device --shard 4/4 runs; pod hatch-fleet-0 share 1/4")
    func ordinalPicksTheShare() async throws {
        let last = try await thingsOnline(["--shard-from-hostname", "--shards", "4"], environment: ["HOSTNAME": "hatch-fleet-3"])
        #expect(last == ["restMini_a4c138100004"])
        #expect(try await thingsOnline(["--shard", "4/4"], environment: [:]) == last)
        let first = try await thingsOnline(["--shard-from-hostname"], environment: ["HOSTNAME": "hatch-fleet-0.hatch-fleet.hatch.svc", "HATCH_FLEET_SHARDS": "4"])
        #expect(first == ["restoreV5_a4c138100001"])
    }

    @Test("HATCH_FLEET_SHARD_ORDINAL and HATCH_FLEET_SHARDS pick the share without the flag")
    func ordinalFromTheEnvironment() async throws {
        let things = try await thingsOnline([], environment: ["HATCH_FLEET_SHARD_ORDINAL": "1", "HATCH_FLEET_SHARDS": "2"])
        #expect(things.sorted() == ["restoreV4_a4c138100002", "restMini_a4c138100004"].sorted())
    }

    @Test("a host name without an ordinal, an ordinal not below --shards, or no count: exit 64 saying what to change")
    func refusals() async throws {
        let hatchctl = try Hatchctl()
        let cases: [([String], [String: String], String)] = [
            (["--shard-from-hostname", "--shards", "4"], ["HOSTNAME": "laptop"], "does not end in -K"),
            (["--shard-from-hostname", "--shards", "4"], ["HOSTNAME": "hatch-fleet-4"], "ordinal 4 is not below 4 shares"),
            (["--shard-from-hostname"], ["HOSTNAME": "hatch-fleet-1", "HATCH_FLEET_SHARDS": ""], "--shards N"),
            (["--shards", "4"], [:], "needs --shard-from-hostname"),
            (["--shard", "1/4", "--shard-from-hostname", "--shards", "4"], ["HOSTNAME": "hatch-fleet-0"], "--shard I/N names the share itself"),
            ([], ["HATCH_FLEET_SHARD_ORDINAL": "two", "HATCH_FLEET_SHARDS": "4"], "0-based ordinal"),
        ]
        for (arguments, environment, message) in cases {
            let result = try await hatchctl.run(["fleet", "run", "--devices", Self.household, "--dev"] + arguments, environment: environment)
            #expect(result.status == 64, "\(arguments) \(environment): \(result)")
            #expect(result.standardError.contains(message), "\(arguments) \(environment): \(result.standardError)")
        }
    }
}

import Foundation
import HatchctlTestSupport
import Testing

/// `hatchctl fleet bench --shards N --brokers M`: connecting and memory with the fleet split over N
/// `fleet run --shard I/N` processes and M private mosquittos, for fleets larger than one process may hold.
@Suite("fleet bench --shards", .timeLimit(.minutes(3)))
struct ShardedFleetBenchTests {
    @Test("three shards over two brokers bring every device online and report each process's memory")
    func threeShardsTwoBrokers() async throws {
        let hatchctl = try Hatchctl()
        let output = hatchctl.home.appendingPathComponent("shards.json")
        let result = try await hatchctl.run(["fleet", "bench", "--devices", "61", "--shards", "3", "--brokers", "2", "--speed", "60",
                                             "--output", output.path])
        #expect(result.status == 0, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any], "not JSON")
        #expect(report["connected"] as? Int == 61, "\(report)")
        #expect(report["shards"] as? Int == 3 && report["brokers"] as? Int == 2, "\(report)")
        let shardSeconds = try #require(report["shardConnectSeconds"] as? [Double])
        let connectSeconds = try #require(report["connectSeconds"] as? Double)
        #expect(shardSeconds.count == 3 && shardSeconds.allSatisfy { $0 > 0 }, "\(shardSeconds)")
        // The whole run counts from launching the first process, so it includes every shard's own time.
        #expect(connectSeconds >= shardSeconds.max() ?? .infinity, "\(report)")
        let shardMemory = try #require(report["shardResidentMegabytes"] as? [Double])
        #expect(shardMemory.count == 3 && shardMemory.allSatisfy { $0 > 5 }, "\(shardMemory)")
        let fleetMemory = try #require(report["fleetResidentMegabytes"] as? Double)
        #expect(abs(fleetMemory - shardMemory.reduce(0, +)) < 1e-6)
        #expect(abs((report["fleetResidentKilobytesPerDevice"] as? Double ?? 0) - fleetMemory * 1024 / 61) < 1e-6)
        let brokerMemory = try #require(report["brokerResidentMegabytesEach"] as? [Double])
        #expect(brokerMemory.count == 2 && brokerMemory.allSatisfy { $0 > 0 }, "\(brokerMemory)")
        #expect(report["sourceAddressesPerShard"] as? Int == 1, "\(report)")
        // The table says the brokers were not one, and why.
        #expect(result.standardOutput.contains("61 devices in 3 `fleet run --shard I/3` processes"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("2 private mosquittos, at most 31 devices each ⚠️ not one broker"), "\(result.standardOutput)")
        #expect(result.standardError.contains("61/61 online in"), "\(result.standardError)")
    }

    @Test("--unix-sockets: two shards reach their broker through its Unix socket, with no source address")
    func unixSockets() async throws {
        let hatchctl = try Hatchctl()
        let output = hatchctl.home.appendingPathComponent("unix.json")
        let result = try await hatchctl.run(["fleet", "bench", "--devices", "40", "--shards", "2", "--unix-sockets", "--speed", "600",
                                             "--output", output.path])
        #expect(result.status == 0, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any], "not JSON")
        #expect(report["connected"] as? Int == 40, "\(report)")
        #expect(report["unixSockets"] as? Bool == true && report["sourceAddressesPerShard"] as? Int == 0, "\(report)")
        #expect(result.standardError.contains("private mosquitto at unix:///"), "\(result.standardError)")
        #expect(result.standardOutput.contains("through Unix sockets"), "\(result.standardOutput)")
        #expect(result.standardError.contains("40/40 online in"), "\(result.standardError)")
    }

    @Test("--brokers without --shards, more brokers than shards, or --shards with --split: exit 64 saying what to change")
    func refusals() async throws {
        let hatchctl = try Hatchctl()
        let cases: [([String], String)] = [
            (["--brokers", "2"], "add --shards N"),
            (["--unix-sockets"], "--unix-sockets connects the shards of --shards to their brokers; add --shards N"),
            (["--shards", "2", "--brokers", "3"], "--brokers takes 1 to --shards (2)"),
            (["--shards", "0"], "--shards takes 1 to 64"),
            (["--shards", "2", "--split"], "connecting and memory only"),
            (["--shards", "2", "--rounds", "3"], "connecting and memory only"),
        ]
        for (arguments, message) in cases {
            let result = try await hatchctl.run(["fleet", "bench"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
    }
}

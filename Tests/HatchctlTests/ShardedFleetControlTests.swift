import Foundation
import HatchctlTestSupport
import HatchMosquittoBroker
import Testing

/// `fleet status` and `fleet fault` against a fleet in two `fleet run --shard` processes: the status
/// adds up both shards, a fault on devices of both reaches each, and a name neither holds is an error.
@Suite("sharded fleet control", .serialized, .timeLimit(.minutes(3)))
struct ShardedFleetControlTests {
    @Test("status adds up the shards; a fault reaches the devices of both; an unknown name fails")
    func statusAndFaults() async throws {
        let hatchctl = try Hatchctl()
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let devices = HouseholdFleet.packageRoot.appendingPathComponent("devices/household.yaml").path
        let shards = try (1...2).map { shard in
            let process = ChildProcess()
            process.executableURL = Hatchctl.executable
            process.arguments = ["fleet", "run", "--devices", devices, "--shard", "\(shard)/2", "--broker", broker.url, "--in-memory", "--duration", "120"]
            process.environment = ProcessInfo.processInfo.environment.merging(["HATCH_HOME": hatchctl.home.appendingPathComponent("shard-\(shard)").path]) { $1 }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        defer { shards.forEach { $0.interrupt(); $0.waitUntilExit() } }
        let status = try await eventually("both shards' devices online", within: .seconds(60), interval: .milliseconds(300)) { () async throws -> [String: Any]? in
            let result = try await hatchctl.run(["fleet", "status", "--broker", broker.url, "--json"])
            guard let body = try? result.json() as? [String: Any], body["online"] as? Int == 4 else { return nil }
            return body
        }
        #expect(status["devices"] as? Int == 4, "\(status)")
        // Nursery and Parents are the first and second devices: one on each shard.
        let fault = try await hatchctl.run(["fleet", "fault", "rejectUpdates", "--count", "1", "--device", "Nursery", "--device", "Parents",
                                            "--broker", broker.url, "--json"])
        #expect(fault.status == 0, "\(fault)")
        let hit = try #require((try fault.json() as? [String: Any])?["devices"] as? [String], "\(fault)")
        #expect(hit.count == 2, "\(hit)")
        let unknown = try await hatchctl.run(["fleet", "fault", "rejectUpdates", "--count", "1", "--device", "Nursery", "--device", "Ghost",
                                              "--broker", broker.url])
        #expect(unknown.status != 0 && unknown.standardError.contains("Ghost"), "\(unknown)")
    }
}

import Foundation
import HatchctlTestSupport
import Testing

/// `hatchctl scenario check` and `run` as a user runs them: a bad file, an impossible expectation,
/// devices the engine did not start, and Ctrl-C.
@Suite("scenario", .serialized, .timeLimit(.minutes(5)))
struct ScenarioCommandTests {
    static let fixtures = HouseholdFleet.packageRoot.appendingPathComponent("Tests/Fixtures/scenarios")
    static let malformed = HouseholdFleet.packageRoot.appendingPathComponent("Tests/HatchScenarioFileTests/Malformed")

    @Test("a malformed file exits 64 naming file, line and field, and starts nothing")
    func malformedFile() async throws {
        let hatchctl = try Hatchctl()
        let file = Self.malformed.appendingPathComponent("fault-at-stage-end.yaml")
        let expected = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")[0]
            .replacingOccurrences(of: "# expect: ", with: "").split(separator: " ")
        for command in ["check", "run"] {
            let result = try await hatchctl.run(["scenario", command, file.path])
            #expect(result.status == 64, "\(result)")
            #expect(result.standardError.contains("\(file.path):\(expected[0]): \(expected[1]):"), "\(result)")
            #expect(!result.standardError.contains("private mosquitto"), "nothing starts: \(result)")
        }
        let json = try await hatchctl.run(["scenario", "check", "--json", file.path])
        let error = try #require((try json.json() as? [String: Any])?["error"] as? [String: Any], "\(json)")
        #expect(error["line"] as? Int == Int(expected[0]))
        #expect(error["field"] as? String == String(expected[1]))
    }

    @Test("an impossible expectation fails the run with exit 1 and a JUnit failure stating the measured value")
    func impossibleExpectation() async throws {
        let hatchctl = try Hatchctl()
        let folder = try TemporaryFolder(prefix: "hatch-scenario")
        let junit = folder.url.appendingPathComponent("junit.xml")
        let report = folder.url.appendingPathComponent("report.html")
        let result = try await hatchctl.run(["scenario", "run", Self.fixtures.appendingPathComponent("impossible-latency.yaml").path,
                                             "--junit", junit.path, "--report", report.path, "--json"])
        #expect(result.status == 1, "\(result)")
        let body = try #require(try result.json() as? [String: Any], "\(result)")
        #expect(body["verdict"] as? String == "fail")
        let expectations = try #require(body["expectations"] as? [[String: Any]])
        let latency = try #require(expectations.first { $0["metric"] as? String == "commands.latency.p99" })
        let measured = try #require(latency["measured"] as? Double)
        #expect(measured > 0.001)
        #expect(latency["verdict"] as? String == "fail")
        #expect(expectations.first { $0["metric"] as? String == "commands.lost" }?["verdict"] as? String == "pass")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("<failure"), "\(xml)")
        #expect(xml.contains(latency["measuredText"] as? String ?? "?"), "the failure states the measured value: \(xml)")
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("<svg"))
        #expect(!html.contains("http://") && !html.contains("https://"))
    }

    @Test("against a fleet run in another process, clock jumps, faults and broker kills are not applicable")
    func externalTarget() async throws {
        let hatchctl = try Hatchctl()
        try await FleetRunProcess.with(hatchctl) { _ in
            let folder = try TemporaryFolder(prefix: "hatch-scenario")
            let junit = folder.url.appendingPathComponent("junit.xml")
            let devices = HouseholdFleet.packageRoot.appendingPathComponent("devices/household.yaml").path
            let result = try await hatchctl.run(["scenario", "run", Self.fixtures.appendingPathComponent("clock-jumps.yaml").path,
                                                 "--devices", devices, "--junit", junit.path, "--json"])
            // Every essential stage is not applicable: not passed.
            #expect(result.status == 1, "\(result)")
            let body = try #require(try result.json() as? [String: Any], "\(result)")
            #expect(body["verdict"] as? String == "notApplicable", "\(result)")
            let stages = try #require(body["stages"] as? [[String: Any]])
            #expect(stages.count == 3)
            #expect((stages[0]["notApplicable"] as? String)?.contains("clock jump") == true, "\(stages)")
            #expect((stages[1]["notApplicable"] as? String)?.contains("broker kill") == true, "\(stages)")
            #expect(stages[2]["notApplicable"] == nil, "commands go through the broker: \(stages)")
            let expectations = try #require(body["expectations"] as? [[String: Any]])
            #expect(expectations.first { $0["metric"] as? String == "commands.sent" }?["verdict"] as? String == "pass", "\(expectations)")
            let xml = try String(contentsOf: junit, encoding: .utf8)
            #expect(xml.contains("<skipped"), "\(xml)")
        }
    }

    @Test("a fleet in shard processes: alarms, sunrises, commands, a clock jump, a fault and a broker kill reach every shard")
    func shardedFleet() async throws {
        let hatchctl = try Hatchctl()
        let folder = try TemporaryFolder(prefix: "hatch-scenario")
        let junit = folder.url.appendingPathComponent("junit.xml")
        // The run's own temporary folder, where the shards' and the broker's folders go.
        let temporary = folder.url.appendingPathComponent("tmp", isDirectory: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let result = try await hatchctl.run(["scenario", "run", Self.fixtures.appendingPathComponent("sharded.yaml").path,
                                             "--junit", junit.path, "--json"], environment: ["TMPDIR": temporary.path])
        #expect(result.status == 0, "\(result)")
        let body = try #require(try result.json() as? [String: Any], "\(result)")
        #expect(body["verdict"] as? String == "pass", "\(result)")
        #expect((body["target"] as? String)?.contains("in 2 shard processes") == true, "\(body)")
        let metrics = try #require(body["metrics"] as? [String: Any])
        // The alarms were set after the clock jump on both shards' devices, each rang on its minute.
        #expect(metrics["alarms.fired"] as? Double == 24, "\(metrics)")
        #expect(metrics["alarms.offMinute"] as? Double == 0, "\(metrics)")
        #expect((metrics["commands.sent"] as? Double ?? 0) > 0, "\(metrics)")
        #expect(metrics["commands.lost"] as? Double == 0, "\(metrics)")
        let stages = try #require(body["stages"] as? [[String: Any]])
        #expect(stages.allSatisfy { $0["notApplicable"] == nil }, "every step runs on shards: \(stages)")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(!xml.contains("<failure") && !xml.contains("<skipped"), "\(xml)")
        // The shards' folder and the broker's go once every shard process and the broker have ended.
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(!left.contains { $0.hasPrefix("hatch-scenario-shards-") || $0.hasPrefix("hatch-scenario-broker-") }, "\(left)")
    }

    @Test("Ctrl-C stops cleanly, writes the report marked interrupted and exits 130")
    func interrupted() async throws {
        let folder = try TemporaryFolder(prefix: "hatch-scenario")
        let junit = folder.url.appendingPathComponent("junit.xml")
        let output = folder.url.appendingPathComponent("out.json")
        let errors = folder.url.appendingPathComponent("err.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = Hatchctl.executable
        process.arguments = ["scenario", "run", Self.fixtures.appendingPathComponent("long-wait.yaml").path, "--junit", junit.path, "--json"]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        _ = try await eventually("the stage running", within: .seconds(60), interval: .milliseconds(100)) { () -> Bool? in
            let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            return text.contains("stage 1/1 wait") ? true : nil
        }
        process.interrupt()
        _ = try await eventually("hatchctl exiting", within: .seconds(30), interval: .milliseconds(100)) { () -> Bool? in
            process.isRunning ? nil : true
        }
        #expect(process.terminationStatus == 130)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
        #expect(body["verdict"] as? String == "interrupted")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("interrupted"), "\(xml)")
        let log = try String(contentsOf: errors, encoding: .utf8)
        #expect(log.contains("stopped the target"), "\(log)")
    }
}

import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchMosquittoBroker
import HatchMQTT
import HatchServiceHTTP
import HatchctlTestSupport
import Testing

/// `hatchctl fleet run` as a service, run as a child process against a real mosquitto: JSON log
/// lines, Prometheus metrics scraped over HTTP, and a graceful stop on SIGTERM.
@Suite("fleet run as a service")
struct FleetServiceTests {
    /// A running `hatchctl fleet run` with its output collected.
    private struct RunningFleet {
        let process: ChildProcess
        let standardOutput: OutputLines
        let standardError: OutputLines
        let metricsPort: Int
    }

    private static let household = HouseholdFleet.packageRoot.appendingPathComponent("devices/household.yaml")

    /// Parses `name{labels} value` lines of the exposition format into series → value.
    private static func samples(_ exposition: String) -> [String: Double] {
        PrometheusSamples(exposition: exposition).values
    }

    private static func jsonObject(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    private func start(broker: MosquittoBroker, hatchctl: Hatchctl, stateDirectory: URL, extra: [String] = []) async throws -> RunningFleet {
        let process = ChildProcess()
        process.executableURL = Hatchctl.executable
        process.arguments = ["fleet", "run", "--devices", Self.household.path, "--broker", broker.url, "--state-dir", stateDirectory.path,
                             "--metrics-port", "0", "--log-level", "debug", "--json"] + extra
        var environment = ProcessInfo.processInfo.environment
        environment["HATCH_HOME"] = hatchctl.home.path
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let standardOutput = OutputLines(output), standardError = OutputLines(error)
        let serving = await standardError.first { Self.jsonObject($0)?["label"] as? String == "hatch.metrics" }
        let metadata = try #require(serving.flatMap(Self.jsonObject)?["metadata"] as? [String: Any], "no metrics line: \(standardError.all)")
        let port = try #require((metadata["port"] as? String).flatMap(Int.init))
        let online = await standardError.first { ($0.contains("devices online in")) }
        try #require(online != nil, "the fleet did not come online: \(standardError.all)")
        return RunningFleet(process: process, standardOutput: standardOutput, standardError: standardError, metricsPort: port)
    }

    /// Scrapes until `condition` holds for the samples (the fleet publishes asynchronously); fails
    /// with the last samples when it never does (60 s, the guard for a busy machine).
    private func scrape(_ port: Int, until condition: ([String: Double]) -> Bool) async throws -> [String: Double] {
        var samples: [String: Double] = [:]
        return try await eventually("metrics matching the expectation", within: .seconds(60), interval: .milliseconds(100),
                                    describe: { "\(samples)" }) {
            samples = Self.samples(try await LoopbackHTTP.get("/metrics", port: port).body)
            return condition(samples) ? samples : nil
        }
    }

    @Test("metrics, JSON logs and a graceful SIGTERM stop")
    func service() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let hatchctl = try Hatchctl()
        let stateDirectory = hatchctl.home.appendingPathComponent("state", isDirectory: true)
        let definition = try FleetDefinition.load(contentsOf: Self.household)
        let nursery = try #require(definition.devices.first { $0.profile.name == "Nursery" }).profile.thingName
        let fleet = try await start(broker: broker, hatchctl: hatchctl, stateDirectory: stateDirectory)
        defer { if fleet.process.isRunning { fleet.process.terminate() } }

        // The exposition: content type, families, devices online = fleet size, messages out > 0.
        let first = try await LoopbackHTTP.get("/metrics", port: fleet.metricsPort)
        #expect(first.status == 200)
        #expect(first.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        for family in ["hatch_fleet_devices_online gauge", "hatch_fleet_devices gauge", "hatch_fleet_messages_in_total counter",
                       "hatch_fleet_messages_out_total counter", "hatch_fleet_faults_active gauge",
                       "hatch_fleet_command_latency_seconds histogram", "hatch_fleet_simulated_time_seconds gauge",
                       "process_resident_memory_bytes gauge"] {
            #expect(first.body.contains("# TYPE \(family)"), "missing \(family)")
        }
        let samples = Self.samples(first.body)
        #expect(samples["hatch_fleet_devices_online"] == Double(definition.devices.count))
        #expect(samples["hatch_fleet_devices"] == Double(definition.devices.count))
        #expect((samples["hatch_fleet_messages_out_total{kind=\"presence\"}"] ?? 0) >= Double(definition.devices.count))
        #expect((samples["hatch_fleet_messages_out_total{kind=\"documents\"}"] ?? 0) > 0)
        #expect(samples["hatch_fleet_faults_active{fault=\"reboot\"}"] == 0)
        #expect((samples["hatch_fleet_simulated_time_seconds"] ?? 0) > 1_700_000_000)
        #expect((samples["process_resident_memory_bytes"] ?? 0) > 0)

        // Another path is 404, another method 405; HEAD has the headers and no body.
        #expect(try await LoopbackHTTP.get("/", port: fleet.metricsPort).status == 404)
        #expect(try await LoopbackHTTP.get("/metricsx", port: fleet.metricsPort).status == 404)
        let post = try await LoopbackHTTP.request("POST", "/metrics", port: fleet.metricsPort)
        #expect(post.status == 405 && post.headers["allow"] == "GET, HEAD", "\(post)")
        let head = try await LoopbackHTTP.request("HEAD", "/metrics", port: fleet.metricsPort)
        #expect(head.status == 200 && head.body.isEmpty && head.headers["content-type"]?.hasPrefix("text/plain") == true, "\(head)")
        #expect(try await LoopbackHTTP.get("/metrics", port: fleet.metricsPort).status == 200)

        // A command: its latency is observed from request to reported state.
        let volume = try await hatchctl.run(["volume", "Nursery", "40"])
        #expect(volume.status == 0, "\(volume)")
        let afterCommand = try await scrape(fleet.metricsPort) { ($0["hatch_fleet_command_latency_seconds_count"] ?? 0) > 0 }
        #expect((afterCommand["hatch_fleet_command_latency_seconds_count"] ?? 0) > 0)
        #expect((afterCommand["hatch_fleet_command_latency_seconds_sum"] ?? 0) > 0)
        #expect((afterCommand["hatch_fleet_messages_in_total{kind=\"shadow_update\"}"] ?? 0) > 0)

        // A rejected update counts under its code.
        let client = MQTTSession(configuration: MQTTConfiguration(broker: try MQTTBrokerURL(broker.url), clientID: "service-test-\(UUID().uuidString.prefix(8))"))
        try await client.connect()
        try await client.publish(Topics.Shadow(nursery).update, payload: Data(#"{"state": 5}"#.utf8), qos: .atLeastOnce)
        let afterRejection = try await scrape(fleet.metricsPort) { $0["hatch_fleet_rejections_total{code=\"400\"}"] == 1 }
        #expect(afterRejection["hatch_fleet_rejections_total{code=\"400\"}"] == 1)
        #expect((afterRejection["hatch_fleet_messages_out_total{kind=\"rejected\"}"] ?? 0) >= 1)

        // SIGTERM: a clean stop, exit 0.
        kill(fleet.process.processIdentifier, SIGTERM)
        #expect(await fleet.standardError.waitForEnd(), "fleet run did not stop on SIGTERM")
        while fleet.process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        #expect(fleet.process.terminationStatus == 0, "\(fleet.standardError.all.suffix(10))")

        // Every log line is a JSON object with the expected keys, at debug level too.
        let logLines = fleet.standardError.all
        let objects = logLines.map(Self.jsonObject)
        #expect(!objects.isEmpty && objects.allSatisfy { $0 != nil }, "not JSON: \(logLines.filter { Self.jsonObject($0) == nil })")
        for object in objects.compactMap({ $0 }) {
            #expect(["timestamp", "level", "label", "message"].allSatisfy { object[$0] is String }, "\(object)")
        }
        let online = try #require(objects.compactMap { $0 }.first { $0["message"] as? String == "online" && $0["level"] as? String == "debug" })
        let onlineMetadata = try #require(online["metadata"] as? [String: String])
        #expect(onlineMetadata["mac"] != nil && onlineMetadata["product"] != nil && onlineMetadata["thing"] != nil)
        let rejection = try #require(objects.compactMap { $0 }.first { ($0["message"] as? String)?.hasPrefix("request rejected") == true })
        #expect((rejection["metadata"] as? [String: String])?["code"] == "400")
        #expect((rejection["metadata"] as? [String: String])?["thing"] == nursery.rawValue)
        #expect(objects.compactMap { $0?["message"] as? String }.contains { $0.hasPrefix("stopping (shutdown requested)") })
        // Standard output carries the status stream: connected with every device online, then stopped.
        let statusLines = fleet.standardOutput.all.compactMap(Self.jsonObject)
        #expect(statusLines.first { $0["event"] as? String == "connected" }?["online"] as? Int == definition.devices.count)
        #expect(statusLines.last?["event"] as? String == "stopped")

        // Every device's retained presence says offline, reason shutdown; its state was saved.
        let presence = try await client.subscribe("hatch/things/+/presence")
        let reader = Task {
            var seen: [ThingName: PresenceRecord] = [:]
            for await message in presence {
                if let record = try? JSONDecoder().decode(PresenceRecord.self, from: message.payload) { seen[record.thingName] = record }
                if seen.count == definition.devices.count { break }
            }
            return seen
        }
        let timeout = Task {
            try await Task.sleep(for: .seconds(5))
            reader.cancel()
        }
        let records = await reader.value
        timeout.cancel()
        await client.disconnect()
        #expect(records.count == definition.devices.count)
        for (thing, record) in records {
            #expect(record.state == .offline, "\(thing)")
            #expect(record.reason == "shutdown", "\(thing)")
            #expect(FileManager.default.fileExists(atPath: stateDirectory.appendingPathComponent(thing.rawValue + ".json").path), "\(thing)")
        }
    }

    @Test("with --shadow-service external the metrics count the devices' reports and gets out and the service's answers in")
    func firmwareOnlyMetrics() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let hatchctl = try Hatchctl()
        let service = try await ShadowServiceProcess.start(hatchctl, ["--broker", broker.url, "--state", hatchctl.home.appendingPathComponent("shadows").path])
        let devices = try FleetDefinition.load(contentsOf: Self.household).devices.count
        let fleet = try await start(broker: broker, hatchctl: hatchctl, stateDirectory: hatchctl.home.appendingPathComponent("state"),
                                    extra: ["--shadow-service", "external"])
        defer { if fleet.process.isRunning { fleet.process.terminate() } }
        // Each device reports its state and asks for its shadow once connected; the service answers the get.
        let samples = try await scrape(fleet.metricsPort) { ($0["hatch_fleet_messages_in_total{kind=\"accepted\"}"] ?? 0) >= Double(devices) }
        #expect((samples["hatch_fleet_messages_out_total{kind=\"shadow_update\"}"] ?? 0) >= Double(devices), "\(samples)")
        #expect((samples["hatch_fleet_messages_out_total{kind=\"shadow_get\"}"] ?? 0) >= Double(devices), "\(samples)")
        #expect((samples["hatch_fleet_messages_in_total{kind=\"accepted\"}"] ?? 0) >= Double(devices), "\(samples)")
        // Firmware never publishes a reply, so the fused fleet's reply series are not offered.
        #expect(samples["hatch_fleet_messages_out_total{kind=\"documents\"}"] == nil, "\(samples)")
        kill(fleet.process.processIdentifier, SIGTERM)
        #expect(await fleet.standardError.waitForEnd(), "fleet run did not stop on SIGTERM")
        await service.stop()
    }

    @Test("--duration stops the group by itself; a taken metrics port fails before the fleet connects")
    func durationAndTakenPort() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let hatchctl = try Hatchctl()
        let stateDirectory = hatchctl.home.appendingPathComponent("state").path
        let fleet = try await start(broker: broker, hatchctl: hatchctl, stateDirectory: URL(fileURLWithPath: stateDirectory))
        defer { if fleet.process.isRunning { fleet.process.terminate() } }

        let taken = try await hatchctl.run(["fleet", "run", "--devices", Self.household.path, "--broker", broker.url, "--state-dir", stateDirectory,
                                           "--metrics-port", String(fleet.metricsPort)])
        #expect(taken.status == 9, "\(taken)")
        #expect(taken.standardError.contains("cannot serve metrics on 127.0.0.1:\(fleet.metricsPort)"), "\(taken)")
        #expect(!taken.standardError.contains("devices online"), "\(taken)")
        fleet.process.terminate()

        let timed = try await hatchctl.run(["fleet", "run", "--devices", Self.household.path, "--broker", broker.url, "--state-dir", stateDirectory,
                                           "--metrics-port", "0", "--duration", "1"])
        #expect(timed.status == 0, "\(timed)")
        #expect(timed.standardError.contains("stopping (--duration elapsed)"), "\(timed)")
        #expect(timed.standardError.contains("fleet stopped:"), "\(timed)")
        #expect(timed.standardError.contains("info hatch.metrics: serving Prometheus metrics at http://127.0.0.1:")
                || timed.standardError.contains("notice hatch.metrics: serving Prometheus metrics at http://127.0.0.1:"), "\(timed)")
    }
}

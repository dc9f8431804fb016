import Foundation
import HatchMosquittoBroker
import Testing

/// `hatchctl` runs where no fleet is needed: missing or unreachable broker, an empty broker, bad input,
/// and the dependency analyzer on this project.
@Suite("hatchctl without a fleet", .timeLimit(.minutes(2)))
struct HatchctlWithoutFleetTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("no --broker and no recorded broker: exit 3, says how to start one")
    func noBroker() async throws {
        let result = try await Hatchctl().run(["devices"])
        #expect(result.status == 3, "\(result)")
        #expect(result.standardError.contains("hatchctl fleet run"))
        #expect(result.standardError.contains("broker.json"))
    }

    @Test("an unreachable broker: exit 3 and a JSON error with --json")
    func unreachableBroker() async throws {
        let result = try await Hatchctl().run(["state", "Nursery", "--broker", "mqtt://127.0.0.1:1", "--json"])
        #expect(result.status == 3, "\(result)")
        let error = try #require((try result.json() as? [String: Any])?["error"] as? [String: Any])
        #expect(error["kind"] as? String == "brokerUnreachable")
        #expect(error["exitStatus"] as? Int == 3)
    }

    @Test("the recorded broker is used; an empty broker has no devices and an unknown device says so")
    func recordedEmptyBroker() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let hatchctl = try Hatchctl()
        try Data(#"{"url": "\#(broker.url)"}"#.utf8).write(to: hatchctl.home.appendingPathComponent("broker.json"))

        let devices = try await hatchctl.run(["devices"])
        #expect(devices.status == 0, "\(devices)")
        #expect(devices.standardOutput.contains("No devices on \(broker.url)"))

        let json = try await hatchctl.run(["devices", "--json"])
        #expect(try json.json() as? [Any] != nil && (try json.json() as? [Any])?.isEmpty == true, "\(json)")

        let unknown = try await hatchctl.run(["routine", "list", "Nursery"])
        #expect(unknown.status == 4, "\(unknown)")
        #expect(unknown.standardError.contains("No device named or with MAC \"Nursery\""))
    }

    @Test("a bad argument is refused with an error that names the argument")
    func badArgumentsNameTheArgument() async throws {
        let hatchctl = try Hatchctl()
        let cases: [([String], [String])] = [
            (["volume", "Nursery", "140"], ["<percent>", "140"]),
            (["volume", "Nursery", "loud"], ["<percent>", "loud"]),
            (["alarm", "add", "Nursery", "--time", "25:99"], ["--time", "25:99"]),
            (["alarm", "add", "Nursery", "--time", "soon"], ["--time", "soon"]),
            (["alarm", "add", "Nursery", "--time", "06:30", "--days", "funday"], ["--days", "funday"]),
            (["alarm", "add", "Nursery", "--time", "06:30", "--sunrise", "500"], ["--sunrise", "500"]),
        ]
        for (arguments, names) in cases {
            let result = try await hatchctl.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result)")
            for name in names { #expect(result.standardError.contains(name), "\(arguments) should name \(name): \(result.standardError)") }
        }
    }

    @Test("HATCH_TIMEOUT that is not a positive number is refused with exit 64 and says how to set it")
    func badTimeoutVariable() async throws {
        let hatchctl = try Hatchctl()
        for value in ["soon", "0", "-3", "nan"] {
            let result = try await hatchctl.run(["devices"], environment: ["HATCH_TIMEOUT": value])
            #expect(result.status == 64, "\(value): \(result)")
            #expect(result.standardError.contains("HATCH_TIMEOUT=\(value)"), "\(value): \(result)")
            #expect(result.standardError.contains("HATCH_TIMEOUT=15"), "\(value): \(result)")
        }
        let overridden = try await hatchctl.run(["devices", "--timeout", "2"], environment: ["HATCH_TIMEOUT": "soon"])
        #expect(overridden.status == 3, "an explicit --timeout wins over a bad HATCH_TIMEOUT: \(overridden)")
    }

    @Test("an unknown device name is named in the error, with exit 4")
    func unknownDeviceIsNamed() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let result = try await Hatchctl().run(["volume", "Attic lamp", "40", "--broker", broker.url])
        #expect(result.status == 4, "\(result)")
        #expect(result.standardError.contains("\"Attic lamp\""), "\(result.standardError)")
    }

    @Test("bad input is refused before anything is sent, with exit 64")
    func badInput() async throws {
        let hatchctl = try Hatchctl()
        for arguments in [["volume", "Nursery", "140"], ["light", "Nursery", "chartreuse"], ["sound", "Nursery", "-3"],
                          ["alarm", "add", "Nursery", "--time", "25:99"], ["alarm", "add", "Nursery", "--time", "06:30", "--days", "funday"],
                          ["alarm", "set", "Nursery", "Weekdays"], ["fleet", "run", "--shard", "0/4"], ["fleet", "run", "--shard", "5/4"]] {
            let result = try await hatchctl.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(!result.standardError.isEmpty)
        }
        let shard = try await hatchctl.run(["fleet", "run", "--shard", "0/4"])
        #expect(shard.standardError.contains("1 ≤ I ≤ N"), "\(shard)")
    }

    /// `dependency-analyzer`, which `hatchctl deps` runs, next to `hatchctl` in the build folder.
    static func requireAnalyzer() throws {
        let analyzer = Hatchctl.executable.deletingLastPathComponent().appendingPathComponent("dependency-analyzer")
        try #require(
            FileManager.default.isExecutableFile(atPath: analyzer.path),
            "no \(analyzer.path): build it with `swift build --product dependency-analyzer` (`swift build --build-tests` does)")
    }

    @Test("deps check: every feature module's requirements are met")
    func depsCheck() async throws {
        try Self.requireAnalyzer()
        let result = try await Hatchctl().run(["deps", "check", Self.packageRoot.path, "--no-cache"])
        #expect(result.status == 0, "\(result)")
        for module in ["DeviceSessionDependencies", "AdultRoutineDependencies", "AdultAlarmsDependencies"] {
            #expect(result.standardOutput.contains("✅ \(module): all"), "\(module): \(result)")
        }
    }

    @Test("deps graph: the root builds the device session, which builds routine and alarms")
    func depsGraph() async throws {
        try Self.requireAnalyzer()
        let result = try await Hatchctl().run(["deps", "graph", Self.packageRoot.path, "--format", "mermaid"])
        #expect(result.status == 0, "\(result)")
        for name in ["HatchctlRoot", "DeviceSessionDependencies", "AdultRoutineDependencies", "AdultAlarmsDependencies"] {
            #expect(result.standardOutput.contains(name), "\(name): \(result)")
        }
    }

    @Test("deps check on a module with unmet requirements: the report, then exit 10 with their count (text and JSON)")
    func depsCheckUnmet() async throws {
        try Self.requireAnalyzer()
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("hatchctl-unmet-\(UUID().uuidString)")
        let sources = package.appendingPathComponent("Sources/Feature")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: package) }
        try Data("// swift-tools-version: 6.1\nimport PackageDescription\nlet package = Package(name: \"Unmet\", targets: [.target(name: \"Feature\")])\n".utf8)
            .write(to: package.appendingPathComponent("Package.swift"))
        try Data("""
            import HatchModularDependencyContainer

            @DependencyRequirements([Requirement(ContentClient.self), Requirement(AnalyticsClient.self, key: AnalyticsKey.amplitude)])
            public struct FeatureDependencies: DependencyRequirements {}

            enum Root {}

            func build() {
                let builder = DependencyBuilder<Root>()
                let root = builder.freeze()
                _ = root.buildChild(FeatureDependencies.self) { _ in }
            }
            """.utf8).write(to: sources.appendingPathComponent("Feature.swift"))

        let text = try await Hatchctl().run(["deps", "check", package.path, "--no-cache"])
        #expect(text.status == 10, "\(text)")
        #expect(text.standardOutput.contains("❌ FeatureDependencies: 2 of 2 requirements unmet"), "\(text)")
        #expect(text.standardError.contains("2 dependency requirement(s) unmet"), "\(text)")

        let json = try await Hatchctl().run(["deps", "check", package.path, "--no-cache", "--json"])
        #expect(json.status == 10, "\(json)")
        #expect(json.standardOutput.contains(#""message" : "2 dependency requirement(s) unmet; see the report above.""#), "\(json)")
    }

    @Test("deps without dependency-analyzer beside hatchctl or on PATH: exit 9, says how to build it")
    func depsWithoutAnalyzer() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hatchctl-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("hatchctl")
        try FileManager.default.copyItem(at: Hatchctl.executable, to: alone)
        let result = try await Hatchctl.run(alone, ["deps", "check", Self.packageRoot.path], environment: ["PATH": folder.path])
        #expect(result.status == 9, "\(result)")
        #expect(result.standardError.contains("swift build --product dependency-analyzer"), "\(result)")
    }
}

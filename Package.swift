// swift-tools-version: 6.1
// The Hatch device toolkit: a modular dependency container (with its macro and static analyzer),
// an async MQTT client over libmosquitto, a simulated Hatch Restore fleet, the IoT clients and
// feature modules that use the container for real, the hardware-in-loop kit app teams test with, and the
// `hatchctl` command-line tool. The README is the landing page; each library has its manual in
// Sources/<Module>/Documentation.docc.

import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "HatchDeviceToolkit",
    // iOS 18 and macOS 15: the container, HatchMQTT and the clients use Synchronization's Atomic and
    // Mutex (iOS 18 / macOS 15); the feature modules' @Observable providers need iOS 17.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "HatchModularDependencyContainer", targets: ["HatchModularDependencyContainer"]),
        .library(name: "HatchDependencyContainerCore", targets: ["HatchDependencyContainerCore"]),
        .library(name: "DependencyGraphAnalyzer", targets: ["DependencyGraphAnalyzer"]),
        .executable(name: "dependency-analyzer", targets: ["dependency-analyzer"]),
        .plugin(name: "AnalyzeDependenciesPlugin", targets: ["AnalyzeDependenciesPlugin"]),
        .library(name: "HatchMQTT", targets: ["HatchMQTT"]),
        .library(name: "HatchMQTTLoadTest", targets: ["HatchMQTTLoadTest"]),
        .library(name: "HatchMosquittoBroker", targets: ["HatchMosquittoBroker"]),
        .library(name: "HatchDeviceModel", targets: ["HatchDeviceModel"]),
        .library(name: "HatchFleetFile", targets: ["HatchFleetFile"]),
        .library(name: "HatchDeviceSimulator", targets: ["HatchDeviceSimulator"]),
        .library(name: "HatchIoTDeviceStateEmitterClient", targets: ["HatchIoTDeviceStateEmitterClient"]),
        .library(name: "HatchIoTActionSenderClient", targets: ["HatchIoTActionSenderClient"]),
        .library(name: "HatchIoTDeviceConnectionStateClient", targets: ["HatchIoTDeviceConnectionStateClient"]),
        .library(name: "HatchDeviceSession", targets: ["HatchDeviceSession"]),
        .library(name: "HatchAdultRoutine", targets: ["HatchAdultRoutine"]),
        .library(name: "HatchAdultAlarms", targets: ["HatchAdultAlarms"]),
        .library(name: "HatchHardwareInLoop", targets: ["HatchHardwareInLoop"]),
        .library(name: "HatchScenarioFile", targets: ["HatchScenarioFile"]),
        .library(name: "HatchScenarios", targets: ["HatchScenarios"]),
        .executable(name: "hatchctl", targets: ["hatchctl"]),
        .executable(name: "hatch-fuzz", targets: ["hatch-fuzz"]),
        .executable(name: "hatch-engine-bench", targets: ["hatch-engine-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/pointfreeco/swift-tagged", from: "0.10.0"),
        // The fleet as a service: logs, Prometheus metrics, graceful start and stop.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // `make docs`: the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The live dashboard's HTTP server (`hatchctl dashboard`, `hatchctl fleet run --dashboard-port`).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // NIOCore's buffers, which the route server and the scrape client read.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Reading a child process's `/metrics` (`fleet bench --shards`, the split bench).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // The CA and certificates of a TLS broker configuration (`hatchctl broker config --tls`).
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
    ],
    targets: [
        // MARK: - Dependency container

        .macro(
            name: "HatchModularDependencyContainerMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftBasicFormat", package: "swift-syntax"),
            ]
        ),
        // The container's runtime: DependencyContainer, registration, resolution, declared requirements and
        // test mode. No swift-syntax, so the libraries an app links (and `hatchctl`) build without it.
        .target(name: "HatchDependencyContainerCore"),
        // The runtime re-exported, plus the `@DependencyRequirements` macro.
        .target(
            name: "HatchModularDependencyContainer",
            dependencies: ["HatchDependencyContainerCore", "HatchModularDependencyContainerMacros"]
        ),
        .testTarget(
            name: "HatchModularDependencyContainerTests",
            dependencies: ["HatchModularDependencyContainer"]
        ),
        .testTarget(
            name: "HatchModularDependencyContainerMacrosTests",
            dependencies: [
                "HatchModularDependencyContainer",
                "HatchModularDependencyContainerMacros",
                "HatchMacroTestSupport",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ]
        ),

        // MARK: - Memberwise initializers

        .macro(
            name: "HatchMemberwiseInitMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        // `@MemberwiseInit(.public)`: the memberwise initializer Swift synthesizes only for the declaring module.
        .target(name: "HatchMemberwiseInit", dependencies: ["HatchMemberwiseInitMacros"]),
        .testTarget(
            name: "HatchMemberwiseInitMacrosTests",
            dependencies: [
                "HatchMemberwiseInit",
                "HatchMemberwiseInitMacros",
                "HatchMacroTestSupport",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ]
        ),
        // What the macro suites share: expansion assertions that report through Swift Testing. Not a product.
        .target(
            name: "HatchMacroTestSupport",
            dependencies: [
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ],
            path: "Tests/HatchMacroTestSupport"
        ),

        // MARK: - Static analyzer

        // A deterministic random generator the simulator and the analyzer's monorepo generator share.
        .target(name: "HatchSeededRandom"),
        .target(
            name: "DependencyGraphAnalyzer",
            dependencies: [
                "HatchMemberwiseInit",
                "HatchSeededRandom",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "dependency-analyzer",
            dependencies: [
                "DependencyGraphAnalyzer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "AnalyzeDependenciesPlugin",
            capability: .command(
                intent: .custom(verb: "analyze-dependencies", description: "Check every @DependencyRequirements module's requirements statically"),
                permissions: []
            ),
            dependencies: ["dependency-analyzer"]
        ),
        .testTarget(
            name: "DependencyGraphAnalyzerTests",
            dependencies: ["DependencyGraphAnalyzer"],
            exclude: ["Fixtures"]
        ),

        // MARK: - MQTT transport

        .systemLibrary(
            name: "CMosquitto",
            pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"]), .brew(["mosquitto"])]
        ),
        .target(name: "HatchMQTT", dependencies: ["CMosquitto"]),
        // Host only: many sessions from one process, timed and weighed (benchmarks and load tests).
        .target(name: "HatchMQTTLoadTest", dependencies: ["HatchMQTT"]),
        .target(name: "HatchMosquittoBroker"),
        .testTarget(
            name: "HatchMQTTTests",
            // HatchBrokerConfiguration makes the throw-away CA and certificates of the TLS tests.
            dependencies: ["HatchMQTT", "HatchMQTTLoadTest", "HatchMosquittoBroker", "HatchBrokerConfiguration"]
        ),

        // MARK: - Device model and simulated fleet

        .target(
            name: "HatchDeviceModel",
            dependencies: [.product(name: "Tagged", package: "swift-tagged")]
        ),
        // The fleet file: devices, their first settings and scheduled faults, and its parser — what
        // tools that only read or write fleet files need, without the simulator.
        .target(
            name: "HatchFleetFile",
            dependencies: [
                "HatchDeviceModel",
                "HatchSeededRandom",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "HatchDeviceSimulator",
            dependencies: [
                "HatchDeviceModel",
                "HatchFleetFile",
                "HatchMQTT",
                "HatchSeededRandom",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
        .testTarget(
            name: "HatchDeviceSimulatorTests",
            dependencies: [
                "HatchDeviceModel", "HatchDeviceSimulator", "HatchMQTT", "HatchMosquittoBroker", "HatchSeededRandom", "HatchctlTestSupport",
            ]
        ),

        // MARK: - IoT clients (never import the container)

        .target(
            name: "HatchIoTDeviceStateEmitterClient",
            dependencies: ["HatchDeviceModel", "HatchMQTT"]
        ),
        .target(
            name: "HatchIoTActionSenderClient",
            dependencies: ["HatchDeviceModel", "HatchMQTT"]
        ),
        .target(
            name: "HatchIoTDeviceConnectionStateClient",
            dependencies: ["HatchDeviceModel", "HatchMQTT"]
        ),

        // MARK: - Feature modules (use the container)

        // What the routine and alarm providers share: a device's clients and how a provider follows or
        // reads its state, records and connection.
        .target(
            name: "HatchDeviceFeed",
            dependencies: [
                "HatchDeviceModel",
                "HatchMQTT",
                "HatchIoTDeviceStateEmitterClient",
                "HatchIoTActionSenderClient",
                "HatchIoTDeviceConnectionStateClient",
            ]
        ),
        .target(
            name: "HatchDeviceSession",
            dependencies: [
                "HatchDependencyContainerCore",
                "HatchDeviceModel",
                // The live clients' transport, registered once at the root (LiveDeviceClients).
                "HatchMQTT",
                "HatchIoTDeviceStateEmitterClient",
                "HatchIoTActionSenderClient",
                "HatchIoTDeviceConnectionStateClient",
                // The session is the per-device composition root: it builds (and, in test mode, imports) its children.
                "HatchAdultRoutine",
                "HatchAdultAlarms",
            ]
        ),
        .target(
            name: "HatchAdultRoutine",
            dependencies: [
                "HatchDependencyContainerCore",
                "HatchDeviceModel",
                "HatchDeviceFeed",
                "HatchIoTDeviceStateEmitterClient",
                "HatchIoTActionSenderClient",
                "HatchIoTDeviceConnectionStateClient",
                .product(name: "Tagged", package: "swift-tagged"),
            ]
        ),
        .target(
            name: "HatchAdultAlarms",
            dependencies: [
                "HatchDependencyContainerCore",
                "HatchDeviceModel",
                "HatchDeviceFeed",
                "HatchIoTDeviceStateEmitterClient",
                "HatchIoTActionSenderClient",
                "HatchIoTDeviceConnectionStateClient",
                .product(name: "Tagged", package: "swift-tagged"),
            ]
        ),
        .testTarget(
            name: "HatchFeatureTests",
            dependencies: [
                "HatchDependencyContainerCore", "HatchDeviceSession", "HatchAdultRoutine", "HatchAdultAlarms",
                "HatchDeviceModel", "HatchIoTDeviceStateEmitterClient", "HatchIoTActionSenderClient", "HatchIoTDeviceConnectionStateClient",
                "HatchDeviceSimulator", "HatchMosquittoBroker", "HatchMQTT",
            ]
        ),

        // The hardware-in-loop kit that app teams import in their own test targets: a simulated fleet it
        // starts and stops (or devices on another broker), each device's live clients and container, state
        // logs with deadlines, the simulator's control channel, clean-up, and the JSON-lines and JUnit reports.
        .target(
            name: "HatchHardwareInLoop",
            dependencies: [
                "HatchDependencyContainerCore",
                "HatchDeviceModel",
                "HatchDeviceSession",
                "HatchIoTDeviceStateEmitterClient", "HatchIoTActionSenderClient", "HatchIoTDeviceConnectionStateClient",
                "HatchMQTT", "HatchMosquittoBroker", "HatchDeviceSimulator",
                // The split shadow service's locked-down broker configuration, written in process.
                "HatchBrokerConfiguration",
                // Scenario files, run from an app's tests with the engine `hatchctl scenario run` uses.
                "HatchScenarioFile", "HatchScenarios",
            ]
        ),
        // The toolkit's own hardware-in-loop scenarios, written against the kit's public API; `make hil`.
        .testTarget(
            name: "HardwareInLoopTests",
            dependencies: [
                "HatchHardwareInLoop", "HatchScenarioFile",
                "HatchDeviceModel",
                "HatchDeviceSession", "HatchAdultRoutine", "HatchAdultAlarms",
                "HatchIoTActionSenderClient", "HatchIoTDeviceConnectionStateClient",
                "HatchMQTT", "HatchMosquittoBroker",
            ]
        ),

        // MARK: - Scenario files

        // The scenario file: its model, the reader that checks it (file, line and field in every error),
        // the result of a run and its reports (JUnit, JSON, a self-contained HTML page with charts).
        // Foundation and Yams only, so that a tool can read and report scenarios without the simulator.
        .target(
            name: "HatchScenarioFile",
            dependencies: [.product(name: "Yams", package: "Yams")]
        ),
        .testTarget(
            name: "HatchScenarioFileTests",
            dependencies: ["HatchScenarioFile"],
            resources: [.copy("Malformed")]
        ),

        // The scenario engine: plans a scenario file against the simulator and runs it on a fleet it starts
        // (a private mosquitto, the fleet in this process, the shadow service fused or apart) or on devices it
        // did not start, with the controller clients `hatchctl` uses; it measures and decides the expectations.
        .target(
            name: "HatchScenarios",
            dependencies: [
                "HatchScenarioFile", "HatchDeviceModel", "HatchDeviceSimulator", "HatchFleetProbes", "HatchMQTT", "HatchMosquittoBroker",
                "HatchIoTActionSenderClient", "HatchSeededRandom",
                // The private broker's passwords and ACL.
                "HatchBrokerConfiguration",
            ]
        ),
        .testTarget(
            name: "HatchScenariosTests",
            dependencies: ["HatchScenarios", "HatchScenarioFile", "HatchMQTT", "HatchDeviceModel"]
        ),

        // MARK: - Command-line tool

        // What the toolkit's libraries and host services share, light enough for the kit an app links:
        // typed user-facing errors, the swift-log handlers (text and JSON lines), progress lines.
        .target(
            name: "HatchServiceSupport",
            dependencies: [
                "HatchDeviceModel",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The host services' HTTP side: the Hummingbird route server (the dashboard and the Prometheus
        // `/metrics` endpoint), the process metrics and the scrape client. Host-only.
        .target(
            name: "HatchServiceHTTP",
            dependencies: [
                "HatchMQTT",
                "HatchServiceSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The live web dashboard: a card per device, controls, the message log, served by Hummingbird
        // with server-sent events; host-only (hatchctl composes it with the live clients).
        .target(
            name: "HatchDashboard",
            dependencies: [
                "HatchDeviceModel",
                "HatchMQTT",
                "HatchIoTDeviceStateEmitterClient",
                "HatchIoTDeviceConnectionStateClient",
                // Pure values only: the alarm status and the next alarm read from a reported state.
                "HatchAdultAlarms",
                // The route server it shares with the metrics endpoint.
                "HatchServiceHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // The page's HTML, CSS and JavaScript, compiled in as string constants by the plugin.
            exclude: ["Web/Assets"],
            plugins: ["EmbedDashboardAssets"]
        ),
        // Writes the dashboard's page files into a Swift file of string constants (Foundation only).
        .executableTarget(name: "dashboard-asset-embedder"),
        .plugin(name: "EmbedDashboardAssets", capability: .buildTool(), dependencies: ["dashboard-asset-embedder"]),
        .testTarget(
            name: "HatchDashboardTests",
            dependencies: [
                "HatchDashboard", "HatchDeviceModel", "HatchIoTDeviceStateEmitterClient",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        // `hatchctl fleet run` as a service: the fleet's lifecycle, its Prometheus metrics and status
        // ticker in one service group, and the dashboard's controls of a fleet in this process.
        .target(
            name: "HatchFleetService",
            dependencies: [
                "HatchDeviceModel", "HatchDeviceSimulator", "HatchMQTT", "HatchServiceHTTP", "HatchDashboard",
                // Choosing and starting the fleet's broker, and the record other commands read.
                "HatchBrokerConfiguration", "HatchFleetControl", "HatchMosquittoBroker",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "HatchFleetServiceTests",
            dependencies: [
                "HatchFleetService", "HatchServiceHTTP", "HatchDashboard", "HatchDeviceModel", "HatchDeviceSimulator",
                "HatchMQTT", "HatchMosquittoBroker", "HatchctlTestSupport", "HatchFleetControl",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // What AWS IoT Core needs to run a fleet there: device policies, the thing list, provision.sh and a
        // CloudFormation template (`hatchctl cloud provision`).
        .target(
            name: "HatchCloudProvisioning",
            dependencies: ["HatchDeviceModel", "HatchFleetFile", "HatchServiceSupport"]
        ),
        .testTarget(
            name: "HatchCloudProvisioningTests",
            dependencies: ["HatchCloudProvisioning", "HatchDeviceModel", "HatchDeviceSimulator"]
        ),
        // How a fleet experiment measures devices from outside: the command clients and their ledger
        // (lost, applied twice, latency), the request log a fleet writes, presence. The scenario engine
        // and the fleet lab share them; no HTTP, so the kit an app links stays light.
        .target(
            name: "HatchFleetProbes",
            dependencies: ["HatchDeviceModel", "HatchDeviceSimulator", "HatchMQTT", "HatchServiceSupport"]
        ),
        .testTarget(
            name: "HatchFleetProbesTests",
            dependencies: ["HatchFleetProbes", "HatchDeviceModel", "HatchDeviceSimulator"]
        ),
        // What `hatchctl fleet chaos` and the bench phases run: the chaos program, and `hatchctl`
        // children (a fleet, a shadow service, bench shards).
        .target(
            name: "HatchFleetLab",
            dependencies: [
                "CMosquitto", "HatchDeviceModel", "HatchDeviceSimulator", "HatchFleetProbes", "HatchMQTT", "HatchMosquittoBroker",
                "HatchServiceSupport", "HatchServiceHTTP",
            ]
        ),
        .testTarget(
            name: "HatchFleetLabTests",
            dependencies: ["HatchFleetLab"]
        ),
        // What the device commands of `hatchctl` stand on: finding devices on a broker by name or MAC,
        // describing their state, parsing command-line values, the broker record, and typed errors with
        // exit statuses. Host-only, not a product.
        .target(
            name: "HatchFleetControl",
            dependencies: [
                "HatchDeviceModel", "HatchFleetFile", "HatchMQTT", "HatchMosquittoBroker", "HatchServiceSupport",
                "HatchIoTDeviceStateEmitterClient", "HatchIoTActionSenderClient", "HatchIoTDeviceConnectionStateClient",
                "HatchAdultRoutine", "HatchAdultAlarms",
            ]
        ),
        .testTarget(
            name: "HatchFleetControlTests",
            dependencies: [
                "HatchFleetControl", "HatchDeviceModel", "HatchDeviceSimulator", "HatchAdultRoutine", "HatchAdultAlarms",
            ]
        ),
        // A locked-down mosquitto for a fleet (`hatchctl broker config`, `fleet run`'s private broker):
        // the ACL, the client-id binding, the credentials file, the CA and its certificates.
        .target(
            name: "HatchBrokerConfiguration",
            dependencies: [
                "HatchDeviceModel", "HatchMQTT", "HatchMosquittoBroker", "HatchServiceSupport",
                // The fleet's devices and the logins the simulator connects them with.
                "HatchDeviceSimulator",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        .testTarget(
            name: "HatchBrokerConfigurationTests",
            dependencies: [
                "HatchBrokerConfiguration", "HatchDeviceModel", "HatchMosquittoBroker",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        // Process set-up that must run before main (malloc arenas); C for its constructor.
        .target(name: "CHatchctlRuntime"),
        .executableTarget(
            name: "hatchctl",
            dependencies: [
                "HatchDependencyContainerCore",
                "CHatchctlRuntime",
                "HatchMQTT",
                "HatchMosquittoBroker",
                "HatchDeviceModel",
                "HatchDeviceSimulator",
                "HatchDeviceSession",
                "HatchAdultRoutine",
                "HatchAdultAlarms",
                "HatchDeviceFeed",
                "HatchIoTDeviceStateEmitterClient",
                "HatchIoTActionSenderClient",
                "HatchIoTDeviceConnectionStateClient",
                "HatchServiceSupport",
                "HatchDashboard",
                "HatchFleetService",
                "HatchCloudProvisioning",
                "HatchFleetLab", "HatchFleetProbes",
                "HatchScenarioFile", "HatchScenarios",
                "HatchBrokerConfiguration",
                "HatchFleetControl",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        // The device engine alone, timed and counted (`Scripts/callgrind-fleet.sh`).
        .executableTarget(name: "hatch-engine-bench", dependencies: ["HatchDeviceSimulator"]),
        // MARK: - Fuzzing

        // libFuzzer targets over the payload parsers (`make fuzz`). An ordinary build replays files
        // through them; `make fuzz` builds with `-D FUZZING -sanitize=fuzzer,address`.
        .target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"),
        .executableTarget(
            name: "hatch-fuzz",
            dependencies: ["CFuzzDriver", "HatchDeviceModel", "HatchDeviceSimulator"],
            path: "Fuzz/hatch-fuzz"
        ),

        // What the suites that run child processes share: reading a child's output line by line. Not a product.
        .target(
            name: "HatchctlTestSupport",
            path: "Tests/HatchctlTestSupport"
        ),
        .testTarget(
            name: "HatchctlTests",
            dependencies: [
                "HatchctlTestSupport",
                "HatchMosquittoBroker", "HatchDeviceModel", "HatchDeviceSimulator", "HatchMQTT",
                "HatchServiceSupport", "HatchServiceHTTP", .product(name: "Logging", package: "swift-log"),
                // Parses the CloudFormation template of `hatchctl cloud provision`.
                .product(name: "Yams", package: "Yams"),
            ]
        ),
    ]
)

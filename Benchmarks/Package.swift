// swift-tools-version: 6.1
// Benchmarks of the Hatch device toolkit, run with `swift package --disable-sandbox benchmark` (or `make bench`).
// Peers are measured in the same run, on the same graph: Swinject and swift-dependencies.
// To add a benchmark target: add its dependencies below and append one `benchmarkTarget(...)` to `targets`.

import PackageDescription

let package = Package(
    name: "HatchBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "HatchDeviceToolkit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
    ],
    targets: [
        benchmarkTarget(
            "ContainerBenchmarks",
            dependencies: [
                .product(name: "HatchModularDependencyContainer", package: "HatchDeviceToolkit"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ]
        ),
        // MQTT: HatchMQTT against a plain C loop over libmosquitto (MQTTCBaseline), same broker, same run.
        .target(name: "MQTTCBaseline", path: "MQTTCBaseline", linkerSettings: [.linkedLibrary("mosquitto")]),
        benchmarkTarget(
            "MQTTBenchmarks",
            dependencies: [
                "MQTTCBaseline",
                .product(name: "HatchMQTT", package: "HatchDeviceToolkit"),
                .product(name: "HatchMQTTLoadTest", package: "HatchDeviceToolkit"),
                .product(name: "HatchMosquittoBroker", package: "HatchDeviceToolkit"),
            ]
        ),
        // Fleet: the CPU cost of one simulated device's report and command handling (no network).
        benchmarkTarget(
            "FleetBenchmarks",
            dependencies: [
                .product(name: "HatchDeviceModel", package: "HatchDeviceToolkit"),
                .product(name: "HatchDeviceSimulator", package: "HatchDeviceToolkit"),
            ]
        ),
    ]
)

/// An executable benchmark target in `Benchmarks/<name>/`, wired to ordo-one/benchmark's plugin.
func benchmarkTarget(_ name: String, dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name,
        dependencies: [.product(name: "Benchmark", package: "benchmark")] + dependencies,
        path: name,
        // Swift 5 mode: the peers (Swinject) predate strict concurrency checking.
        swiftSettings: [.swiftLanguageMode(.v5)],
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

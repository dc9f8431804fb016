import Benchmark
import Foundation
@_spi(Benchmarks) import HatchDeviceSimulator

/// The CPU cost of one simulated device's work, without the network: what bounds the fleet's
/// sustained traffic. Each iteration moves 100 devices one routine step on (60 simulated seconds),
/// which makes each of them report (`/update/accepted` + `/update/documents`). `hatch-engine-bench`
/// and `Scripts/callgrind-fleet.sh` run the same workload.
private let steps = Benchmark.Configuration(
    metrics: [.wallClock, .throughput, .cpuTotal, .mallocCountTotal], scalingFactor: .one,
    maxDuration: .seconds(5), maxIterations: 100_000
)
private let payloadBytes = BenchmarkMetric.custom("payload bytes per report", polarity: .prefersSmaller, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
    Benchmark("Device report: routine step (100 devices)", configuration: steps) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(FleetBenchmarkDevices.shared.step())
        }
        benchmark.measurement(payloadBytes, FleetBenchmarkDevices.shared.bytesPerReport)
    }
    Benchmark("Device command: desired update → accepted → reported (100 devices)", configuration: steps) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(FleetBenchmarkDevices.shared.command())
        }
    }
}

/// The devices of ``EngineWorkload`` (HatchDeviceSimulator), set up once per process so that
/// iterations measure only the reports.
enum FleetBenchmarkDevices {
    static let shared = EngineWorkload(count: 100)
}

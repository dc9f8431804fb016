import Benchmark
import Foundation
import HatchDeviceModel
import HatchDeviceSimulator

/// The CPU cost of one simulated device's work, without the network: what bounds the fleet's
/// sustained traffic. Each iteration moves 100 devices one routine step on (60 simulated seconds),
/// which makes each of them report (`/update/accepted` + `/update/documents`).
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

/// Devices running a routine of 60-second steps on a manual clock (restarted when it ends), set up
/// once per process so that iterations measure only the reports.
final class FleetBenchmarkDevices {
    static let shared = FleetBenchmarkDevices(count: 100)

    private var cores: [DeviceCore]
    private var now = Date(timeIntervalSince1970: 1_767_592_800)
    private var reports = 0
    private var bytes = 0
    private var commandCount = 0

    init(count: Int) {
        let routine = Routine(id: 1, name: "Cycle", steps: (0..<30).map { step in
            RoutineStep(color: ColorState(id: 9999, r: 65535 - step * 1000, g: 20000, b: step * 2000, w: 0, i: 20000 - step * 500),
                        sound: step % 3 == 2 ? nil : SoundState(id: 3 + step % 4, v: 20000 - step * 300), duration: 60)
        })
        let products: [HardwareProduct] = [.restoreV5, .restoreV4, .riot, .riotPlus, .restMini]
        let start = now
        cores = (0..<count).map { index in
            let product = products[index % products.count]
            var settings = DeviceSettings.factory(for: product, timezone: "UTC")
            settings.routines = RecordCollection(items: [routine])
            let mac = try! MacAddress(validating: String(format: "02:4C:00:00:%02X:%02X", index / 256, index % 256))
            var core = DeviceCore(profile: DeviceProfile(name: "bench-\(index)", macAddress: mac, product: product),
                                  settings: settings, shadow: ShadowDocument(), now: start)
            _ = core.connected(now: start)
            _ = core.autoStart(routine: 1, now: start)
            return core
        }
    }

    /// Moves every device one step on; returns the messages published.
    func step() -> Int {
        now += 60
        var messages = 0
        for index in cores.indices {
            var out = cores[index].tick(now: now)
            if cores[index].engine.state.current.playing == .none { out += cores[index].autoStart(routine: 1, now: now) }
            messages += out.count
            reports += 1
            for message in out { bytes += message.payload.count }
        }
        return messages
    }

    /// Sends every device a volume command as an app would.
    func command() -> Int {
        commandCount += 1
        let request = ShadowRequest.update(desired: ["current": ["sound": ["v": .int(1000 + commandCount % 1000)]]],
                                           clientToken: "bench-\(commandCount)").jsonData
        var messages = 0
        for index in cores.indices {
            messages += cores[index].receive(topic: cores[index].shadowTopics.update, payload: request, now: now).count
        }
        return messages
    }

    /// Average payload bytes of the messages published per report so far.
    var bytesPerReport: Int { reports == 0 ? 0 : bytes / reports }
}

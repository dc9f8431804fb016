import Benchmark
import Foundation
import HatchMQTT
import HatchMQTTLoadTest
import HatchMosquittoBroker

/// QoS 0 bursts: each iteration publishes 1,000 messages of 64 bytes and waits for a QoS 1 fence, so
/// results read per message and every message has reached the broker.
private let burst = Benchmark.Configuration(
    metrics: [.wallClock, .throughput, .cpuTotal], scalingFactor: .kilo, maxDuration: .seconds(5), maxIterations: 2_000
)
/// Round trips: one QoS 1 publish → delivery per iteration, 10,000 of them (p50/p99 in the table).
private let roundTrip = Benchmark.Configuration(
    metrics: [.wallClock], warmupIterations: 100, maxDuration: .seconds(60), maxIterations: 10_000
)
/// 10,000 sessions: one measured iteration (connecting them all); RSS per session as a custom metric.
private let sessionCount = 10_000
private let residentPerSession = BenchmarkMetric.custom("RSS per session (bytes)", polarity: .prefersSmaller, useScalingFactor: false)
private let connected = BenchmarkMetric.custom("sessions connected", polarity: .prefersLarger, useScalingFactor: false)
private let tenThousand = Benchmark.Configuration(
    metrics: [.wallClock, residentPerSession, connected], warmupIterations: 0, maxDuration: .seconds(120), maxIterations: 1
)

let benchmarks: @Sendable () -> Void = {
    // Each benchmark's process may end right after it: the shared broker goes with it.
    Benchmark.teardown = { await MQTTBenchmarkFixture.stopShared() }
    Benchmark("MQTT QoS0 publish: HatchMQTT", configuration: burst) { _ in
        try await MQTTBenchmarkFixture.shared().swiftBurst()
    }
    Benchmark("MQTT QoS0 publish: C libmosquitto loop (baseline)", configuration: burst) { _ in
        try await MQTTBenchmarkFixture.shared().cBurst(releasedSocketPair: false)
    }
    Benchmark("MQTT QoS0 publish: C libmosquitto loop, socket pair released", configuration: burst) { _ in
        try await MQTTBenchmarkFixture.shared().cBurst(releasedSocketPair: true)
    }
    Benchmark("MQTT QoS1 publish→receive round trip: HatchMQTT", configuration: roundTrip) { _ in
        try await MQTTBenchmarkFixture.shared().roundTrip()
    }
    // The same connect on each event loop backend available here (epoll and poll on Linux).
    for backend in MQTTEventLoopBackend.allCases where backend.isAvailable {
        Benchmark("MQTT 10,000 sessions: connect all (\(backend))", configuration: tenThousand) { benchmark in
            let broker = try await MosquittoBroker.start()
            let loop = MQTTEventLoop(threads: 1, backend: backend)
            benchmark.startMeasurement()
            let (sessions, report) = await MQTTLoadTest.connectSessions(
                count: sessionCount, broker: try MQTTBrokerURL(broker.url), clientIDPrefix: "bench", eventLoop: loop
            )
            benchmark.stopMeasurement()
            benchmark.measurement(residentPerSession, report.residentBytesPerSession)
            benchmark.measurement(connected, report.connected)
            print("10,000 sessions (\(backend)): \(report)")
            await withTaskGroup(of: Void.self) { group in
                for session in sessions { group.addTask { await session.disconnect() } }
            }
            broker.stop()
        }
    }
}

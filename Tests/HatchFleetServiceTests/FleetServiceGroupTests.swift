import HatchDeviceSimulator
import HatchFleetService
import HatchMosquittoBroker
import HatchMQTT
import HatchServiceHTTP
import Logging
import Prometheus
import ServiceLifecycle
import Synchronization
import Testing

/// `fleet run`'s service group against a real mosquitto: it connects, stops by itself after its
/// duration with every device offline, and does not connect at all when its metrics port is taken.
@Suite("Fleet service group", .serialized, .timeLimit(.minutes(2)))
struct FleetServiceGroupTests {
    /// What the service showed, in order.
    final class RecordingDisplay: FleetServiceDisplay {
        let events = Mutex<[String]>([])
        func progress(_ progress: FleetProgress) {}
        func connected(_ status: FleetStatus, after elapsed: Duration) { events.withLock { $0.append("connected \(status.online)/\(status.devices)") } }
        func status(_ status: FleetStatus) {}
        func stopping() { events.withLock { $0.append("stopping") } }
        func stopped(_ status: FleetStatus) { events.withLock { $0.append("stopped \(status.online)") } }
    }

    @Test("with a duration the group connects every device and stops by itself, every device offline")
    func stopsAfterDuration() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let fleet = try FleetFixture.fleet(broker: try MQTTBrokerURL(broker.url))
        let display = RecordingDisplay()
        try await FleetServiceGroup.run(fleet: fleet, brokerURL: broker.url, metricsHost: "127.0.0.1", metricsPort: 0,
                                        registry: PrometheusCollectorRegistry(), display: display,
                                        logger: Logger(label: "test.fleet"), duration: 0.5)
        let count = fleet.devices.count
        #expect(display.events.withLock { $0 } == ["connected \(count)/\(count)", "stopping", "stopped 0"])
    }

    @Test("a taken metrics port fails the group with the port named, before any device connects")
    func takenMetricsPort() async throws {
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let holder = MetricsServer(host: "127.0.0.1", port: 0, logger: Logger(label: "test.metrics")) { [] }
        let holding = ServiceGroup(services: [holder], logger: Logger(label: "test.lifecycle"))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await holding.run() }
            let port = try await holder.waitUntilListening()
            let fleet = try FleetFixture.fleet(broker: try MQTTBrokerURL(broker.url))
            let display = RecordingDisplay()
            do {
                try await FleetServiceGroup.run(fleet: fleet, brokerURL: broker.url, metricsHost: "127.0.0.1", metricsPort: port,
                                                registry: PrometheusCollectorRegistry(), display: display,
                                                logger: Logger(label: "test.fleet"), duration: 5)
                Issue.record("the group ran on a taken port")
            } catch let error as MetricsServerError {
                #expect(error.description.contains("cannot serve metrics on 127.0.0.1:\(port)"), "\(error)")
            }
            #expect(display.events.withLock { $0 }.isEmpty)
            #expect(fleet.status().online == 0)
            await holding.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }
}

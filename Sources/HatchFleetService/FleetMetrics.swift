import HatchServiceHTTP
import Metrics
import Foundation
import HatchDeviceSimulator
import HatchMQTT
import Prometheus

/// The fleet's Prometheus metrics (prefix `hatch_fleet_`), rendered in the text exposition format.
///
/// Two sources, chosen for what they cost the fleet's hot path:
/// - counts the fleet keeps anyway (messages by kind, devices online, faults) are read from
///   ``FleetStatistics`` when Prometheus scrapes, so a message costs no more than its one atomic add;
/// - the command latency histogram and the rejections by code are recorded by the simulator through
///   swift-metrics, which ``bootstrapMetricsSystem()`` points at the same registry.
package final class FleetMetrics: Sendable {
    /// The registry every metric lives in.
    package let registry: PrometheusCollectorRegistry
    private let fleet: Fleet
    private let messagesIn: [(kind: MessageKind, counter: Prometheus.Counter)]
    private let messagesOut: [(kind: MessageKind, counter: Prometheus.Counter)]
    private let devices: Prometheus.Gauge
    private let online: Prometheus.Gauge
    private let faultsInjected: Prometheus.Counter
    private let faultsActive: [(name: String, gauge: Prometheus.Gauge)]
    private let publishFailures: Prometheus.Counter
    private let bytesOut: Prometheus.Counter
    private let simulatedTime: Prometheus.Gauge
    private let process: ProcessMetrics
    /// The counters read from the fleet's own totals.
    private let mirror = CounterMirror()

    /// The faults the active-faults gauge always lists (0 when none is active).
    package static let faultNames = ["dropConnection", "offline", "reboot", "rejectUpdates", "delayReplies", "dropCommands"]

    /// Bootstraps swift-metrics to a new Prometheus registry (once per process, before the fleet is
    /// created) and returns the registry. The latency histogram gets buckets from 1 ms to 10 s.
    package static func bootstrapMetricsSystem() -> PrometheusCollectorRegistry {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets[FleetTelemetry.commandLatencyLabel] = [
            .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
            .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
        ]
        MetricsSystem.bootstrap(factory)
        return registry
    }

    /// Registers the fleet's metrics in `registry`.
    package init(registry: PrometheusCollectorRegistry, fleet: Fleet) {
        self.registry = registry
        self.fleet = fleet
        // A fused fleet receives requests and publishes replies; firmware alone the other way round.
        let firmwareOnly = fleet.configuration.shadowService == .external
        messagesIn = (firmwareOnly ? MessageKind.receivedByFirmware : MessageKind.received).map { kind in
            (kind, registry.makeCounter(descriptor: .named("hatch_fleet_messages_in_total", "Messages the fleet received, by topic kind."), labels: [("kind", kind.label)]))
        }
        messagesOut = (firmwareOnly ? MessageKind.publishedByFirmware : MessageKind.published).map { kind in
            (kind, registry.makeCounter(descriptor: .named("hatch_fleet_messages_out_total", "Messages the fleet published, by topic kind."), labels: [("kind", kind.label)]))
        }
        devices = registry.makeGauge(descriptor: .named("hatch_fleet_devices", "Devices in this fleet process."))
        online = registry.makeGauge(descriptor: .named("hatch_fleet_devices_online", "Devices connected to the broker now."))
        faultsInjected = registry.makeCounter(descriptor: .named("hatch_fleet_faults_injected_total", "Faults injected, counted per device."))
        faultsActive = Self.faultNames.map { name in
            (name, registry.makeGauge(descriptor: .named("hatch_fleet_faults_active", "Devices a fault is active on now."), labels: [("fault", name)]))
        }
        publishFailures = registry.makeCounter(descriptor: .named("hatch_fleet_publish_failures_total", "Publishes that failed (e.g. while reconnecting)."))
        bytesOut = registry.makeCounter(descriptor: .named("hatch_fleet_payload_bytes_out_total", "Payload bytes the devices published."))
        simulatedTime = registry.makeGauge(descriptor: .named("hatch_fleet_simulated_time_seconds", "The fleet's simulated clock, in Unix seconds."))
        process = ProcessMetrics(registry: registry)
    }

    /// Reads the fleet's counters into the registry and renders every metric.
    package func render() async -> [UInt8] {
        await update()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(8192)
        registry.emit(into: &buffer)
        return buffer
    }

    private func update() async {
        let statistics = fleet.statistics
        devices.set(Double(fleet.devices.count))
        online.set(Double(statistics.online.load(ordering: .relaxed)))
        simulatedTime.set(fleet.configuration.clock.now.timeIntervalSince1970)
        let active = await fleet.activeFaults()
        for (name, gauge) in faultsActive { gauge.set(Double(active[name] ?? 0)) }
        for (kind, counter) in messagesIn { mirror.advance(counter, to: Double(statistics.received.count(kind))) }
        for (kind, counter) in messagesOut { mirror.advance(counter, to: Double(statistics.published.count(kind))) }
        mirror.advance(faultsInjected, to: Double(statistics.faults.load(ordering: .relaxed)))
        mirror.advance(publishFailures, to: Double(statistics.publishFailures.load(ordering: .relaxed)))
        mirror.advance(bytesOut, to: Double(statistics.bytesOut.load(ordering: .relaxed)))
        process.update(mirror)
    }
}

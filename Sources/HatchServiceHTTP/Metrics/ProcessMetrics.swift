import Foundation
import HatchMQTT
import Prometheus

/// The standard `process_*` metrics every Prometheus exporter offers (resident memory, CPU seconds,
/// start time), for `fleet run` and `shadow-service` alike.
package struct ProcessMetrics: Sendable {
    private let residentMemory: Prometheus.Gauge
    private let cpuSeconds: Prometheus.Counter

    /// Registers the three metrics in `registry`; the start time is now.
    package init(registry: PrometheusCollectorRegistry) {
        residentMemory = registry.makeGauge(descriptor: .named("process_resident_memory_bytes", "Resident memory size in bytes."))
        cpuSeconds = registry.makeCounter(descriptor: .named("process_cpu_seconds_total", "Total user and system CPU time spent in seconds."))
        let startTime = registry.makeGauge(descriptor: .named("process_start_time_seconds", "Start time of the process since the Unix epoch in seconds."))
        startTime.set(Date().timeIntervalSince1970)
    }

    /// Reads this process's memory and CPU time into the metrics.
    package func update(_ mirror: CounterMirror) {
        residentMemory.set(Double(ProcessResources.residentMemoryBytes))
        mirror.advance(cpuSeconds, to: ProcessResources.cpuSeconds() ?? 0)
    }
}

extension MetricNameDescriptor {
    /// A metric's complete name (`hatch_fleet_devices_online`) and help line.
    package static func named(_ name: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: name, unitName: "", helpText: help)
    }
}

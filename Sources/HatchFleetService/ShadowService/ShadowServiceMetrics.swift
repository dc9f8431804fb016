import HatchDeviceSimulator
import HatchServiceHTTP
import Prometheus

/// The shadow service's Prometheus metrics (prefix `hatch_shadow_service_`): requests by kind,
/// replies by kind, things with a shadow, named shadows, whether it is connected, documents saved and failed
/// saves, beside the `process_*` metrics. Read from the service's own counters when Prometheus
/// scrapes, so a request costs nothing more, and without waiting for the service: a scrape answers
/// at once however far behind the service is.
package final class ShadowServiceMetrics: Sendable {
    /// The registry every metric lives in.
    package let registry = PrometheusCollectorRegistry()
    /// The request kinds the service answers.
    package static let requestKinds: [MessageKind] = [.shadowGet, .shadowUpdate, .shadowDelete]
    /// The reply kinds it publishes.
    package static let replyKinds: [MessageKind] = [.accepted, .rejected, .documents, .delta]

    private let service: ShadowService
    private let requests: [(kind: MessageKind, counter: Prometheus.Counter)]
    private let replies: [(kind: MessageKind, counter: Prometheus.Counter)]
    private let things: Prometheus.Gauge
    private let namedShadows: Prometheus.Gauge
    private let connected: Prometheus.Gauge
    private let saveFailures: Prometheus.Counter
    private let documentsSaved: Prometheus.Counter
    private let process: ProcessMetrics
    private let mirror = CounterMirror()

    /// Registers the service's metrics.
    package init(service: ShadowService) {
        self.service = service
        let registry = registry
        requests = Self.requestKinds.map { kind in
            (kind, registry.makeCounter(descriptor: .named("hatch_shadow_service_requests_total", "Shadow requests received, by kind."),
                                        labels: [("kind", kind.label)]))
        }
        replies = Self.replyKinds.map { kind in
            (kind, registry.makeCounter(descriptor: .named("hatch_shadow_service_replies_total", "Replies published, by kind."),
                                        labels: [("kind", kind.label)]))
        }
        things = registry.makeGauge(descriptor: .named("hatch_shadow_service_things", "Things with a shadow."))
        namedShadows = registry.makeGauge(descriptor: .named("hatch_shadow_service_named_shadows", "Named shadows the service keeps."))
        connected = registry.makeGauge(descriptor: .named("hatch_shadow_service_connected", "1 while the service is connected and subscribed."))
        saveFailures = registry.makeCounter(descriptor: .named("hatch_shadow_service_save_failures_total", "Documents that could not be saved."))
        documentsSaved = registry.makeCounter(descriptor: .named("hatch_shadow_service_documents_saved_total", "Documents written to the state folder."))
        process = ProcessMetrics(registry: registry)
    }

    /// Reads the service's counters into the registry and renders every metric.
    package func render() -> [UInt8] {
        for (kind, counter) in requests { mirror.advance(counter, to: Double(service.received.count(kind))) }
        for (kind, counter) in replies { mirror.advance(counter, to: Double(service.published.count(kind))) }
        things.set(Double(service.thingCount))
        namedShadows.set(Double(service.namedShadowCount))
        connected.set(Double(service.isConnected ? 1 : 0))
        mirror.advance(saveFailures, to: Double(service.saveFailures))
        mirror.advance(documentsSaved, to: Double(service.documentsSaved))
        process.update(mirror)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(4096)
        registry.emit(into: &buffer)
        return buffer
    }
}

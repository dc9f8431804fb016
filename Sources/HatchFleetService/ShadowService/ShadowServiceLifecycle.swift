import HatchDeviceSimulator
import HatchServiceHTTP
import Logging
import ServiceLifecycle

/// `shadow-service` as a swift-service-lifecycle service: starts the ``ShadowService``, answers
/// until graceful shutdown (SIGTERM, SIGINT), then stops it (documents saved) and logs its counts.
/// With `--metrics-port`, a ``MetricsServer`` serves ``ShadowServiceMetrics`` in the same group.
package struct ShadowServiceLifecycle: Service {
    let service: ShadowService
    let logger: Logger
    /// The metrics server: the service connects once it listens.
    var startAfter: MetricsServer?

    /// Runs the service (and, given a `metricsPort`, the metrics server) in a group that shuts down on
    /// SIGTERM or SIGINT. The service connects once the metrics server listens, so a taken metrics port
    /// fails before it connects.
    package static func run(service: ShadowService, metricsHost: String, metricsPort: Int?, logger: Logger) async throws {
        let server = metricsPort.map { port in
            let serviceMetrics = ShadowServiceMetrics(service: service)
            return MetricsServer(host: metricsHost, port: port, logger: Logger(label: "hatch.metrics")) { serviceMetrics.render() }
        }
        var services = [ServiceGroupConfiguration.ServiceConfiguration(
            service: ShadowServiceLifecycle(service: service, logger: logger, startAfter: server),
            successTerminationBehavior: .gracefullyShutdownGroup)]
        if let server { services.append(.init(service: server)) }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: Logger(label: "hatch.lifecycle")))
        try await group.run()
    }

    package func run() async throws {
        _ = try await startAfter?.waitUntilListening()
        do {
            try await service.start()
        } catch {
            throw FleetServiceError.brokerUnreachable(url: service.configuration.broker.description, reason: error.description)
        }
        let things = service.thingCount
        logger.notice("answering shadow requests — Ctrl-C stops the service",
                      metadata: ["broker": "\(service.configuration.broker)", "things": "\(things)",
                                 "namedShadows": "\(service.namedShadowCount)"])
        try? await gracefulShutdown()
        await service.stop()
        let received = service.received, published = service.published
        let known = service.thingCount
        logger.notice("shadow service stopped: \(received.total) requests in, \(published.total) replies out",
                      metadata: ["requests": "\(received.total)", "replies": "\(published.total)",
                                 "accepted": "\(published.count(.accepted))", "rejected": "\(published.count(.rejected))",
                                 "delta": "\(published.count(.delta))", "documents": "\(published.count(.documents))",
                                 "things": "\(known)", "namedShadows": "\(service.namedShadowCount)"])
    }
}

import HatchDeviceSimulator
import Logging
import ServiceLifecycle

/// `shadow-service` as a swift-service-lifecycle service: starts the ``ShadowService``, answers
/// until graceful shutdown (SIGTERM, SIGINT), then stops it (documents saved) and logs its counts.
/// With `--metrics-port`, a ``MetricsServer`` serves ``ShadowServiceMetrics`` in the same group.
struct ShadowServiceLifecycle: Service {
    let service: ShadowService
    let logger: Logger

    /// Runs the service (and the metrics server, with `--metrics-port`) in a group that shuts down on
    /// SIGTERM or SIGINT. A taken metrics port fails before the service connects.
    static func run(service: ShadowService, metrics: MetricsOptions, logger: Logger) async throws {
        var services = [ServiceGroupConfiguration.ServiceConfiguration(
            service: ShadowServiceLifecycle(service: service, logger: logger), successTerminationBehavior: .gracefullyShutdownGroup)]
        if let port = metrics.metricsPort {
            let serviceMetrics = ShadowServiceMetrics(service: service)
            do {
                let server = try MetricsServer(host: metrics.metricsHost, port: port, logger: Logger(label: "hatch.metrics")) {
                    serviceMetrics.render()
                }
                services.append(.init(service: server))
            } catch {
                throw HatchctlError.invalidArgument(error.description)
            }
        }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: Logger(label: "hatch.lifecycle")))
        try await group.run()
    }

    func run() async throws {
        do {
            try await service.start()
        } catch {
            throw HatchctlError.brokerUnreachable(url: service.configuration.broker.description, reason: error.description)
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

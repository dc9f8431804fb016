import HatchDeviceSimulator
import Logging
import ServiceLifecycle

/// `shadow-service` as a swift-service-lifecycle service: starts the ``ShadowService``, answers
/// until graceful shutdown (SIGTERM, SIGINT), then stops it (documents saved) and logs its counts.
struct ShadowServiceLifecycle: Service {
    let service: ShadowService
    let logger: Logger

    /// Runs the service in a group that shuts down on SIGTERM or SIGINT.
    static func run(service: ShadowService, logger: Logger) async throws {
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [.init(service: ShadowServiceLifecycle(service: service, logger: logger), successTerminationBehavior: .gracefullyShutdownGroup)],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: Logger(label: "hatch.lifecycle")))
        try await group.run()
    }

    func run() async throws {
        do {
            try await service.start()
        } catch {
            throw HatchctlError.brokerUnreachable(url: service.configuration.broker.description, reason: error.description)
        }
        let things = await service.thingCount
        logger.notice("answering shadow requests — Ctrl-C stops the service",
                      metadata: ["broker": "\(service.configuration.broker)", "things": "\(things)"])
        try? await gracefulShutdown()
        await service.stop()
        let received = service.received, published = service.published
        let known = await service.thingCount
        logger.notice("shadow service stopped: \(received.total) requests in, \(published.total) replies out",
                      metadata: ["requests": "\(received.total)", "replies": "\(published.total)",
                                 "accepted": "\(published.count(.accepted))", "rejected": "\(published.count(.rejected))",
                                 "delta": "\(published.count(.delta))", "documents": "\(published.count(.documents))",
                                 "things": "\(known)"])
    }
}

import HatchDeviceSimulator
import HatchServiceHTTP
import Logging
import Prometheus
import ServiceLifecycle

/// `fleet run` as a swift-service-lifecycle group: the fleet, the metrics server (with
/// `--metrics-port`), the live dashboard (with `--dashboard-port`) and the status ticker, started
/// together and shut down gracefully on SIGTERM or SIGINT — in reverse order, so the fleet is the last
/// to stop and its devices still go offline cleanly. The fleet connects once the metrics server
/// listens, so a taken metrics port fails before any device connects.
/// When the fleet stops by itself (`--duration`), the others are shut down with it.
package enum FleetServiceGroup {
    /// Runs the group until it is shut down; throws what the fleet throws (e.g. no device connected)
    /// and ``MetricsServerError`` when the metrics server cannot bind.
    package static func run(fleet: Fleet, brokerURL: String, metricsHost: String, metricsPort: Int?, registry: PrometheusCollectorRegistry?,
                            dashboard: (any Service)? = nil, display: any FleetServiceDisplay, logger: Logger, duration: Double?) async throws {
        var metricsServer: MetricsServer?
        if let metricsPort, let registry {
            let fleetMetrics = FleetMetrics(registry: registry, fleet: fleet)
            metricsServer = MetricsServer(host: metricsHost, port: metricsPort, logger: Logger(label: "hatch.metrics")) {
                await fleetMetrics.render()
            }
        }
        let fleetService = FleetService(fleet: fleet, brokerURL: brokerURL, display: display, logger: logger, duration: duration,
                                        startAfter: metricsServer)
        var services = [ServiceGroupConfiguration.ServiceConfiguration(
            service: fleetService, successTerminationBehavior: .gracefullyShutdownGroup)]
        if let metricsServer { services.append(.init(service: metricsServer)) }
        if let dashboard { services.append(.init(service: dashboard)) }
        services.append(.init(service: StatusTicker(fleet: fleet, fleetService: fleetService, display: display)))
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: Logger(label: "hatch.lifecycle")))
        try await group.run()
    }
}

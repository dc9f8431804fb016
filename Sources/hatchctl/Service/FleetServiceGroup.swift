import HatchDeviceSimulator
import Logging
import Prometheus
import ServiceLifecycle

/// `fleet run` as a swift-service-lifecycle group: the fleet, the metrics server (with
/// `--metrics-port`), the live dashboard (with `--dashboard-port`) and the status ticker, started
/// together and shut down gracefully on SIGTERM or SIGINT — in reverse order, so the fleet is the last
/// to stop and its devices still go offline cleanly.
/// When the fleet stops by itself (`--duration`), the others are shut down with it.
enum FleetServiceGroup {
    /// Runs the group until it is shut down; throws what the fleet throws (e.g. no device connected).
    static func run(fleet: Fleet, brokerURL: String, metrics: MetricsOptions, registry: PrometheusCollectorRegistry?,
                    dashboard: DashboardService? = nil, display: FleetDisplay, logger: Logger, duration: Double?) async throws {
        let fleetService = FleetService(fleet: fleet, brokerURL: brokerURL, display: display, logger: logger, duration: duration)
        var services = [ServiceGroupConfiguration.ServiceConfiguration(
            service: fleetService, successTerminationBehavior: .gracefullyShutdownGroup)]
        if let port = metrics.metricsPort, let registry {
            let fleetMetrics = FleetMetrics(registry: registry, fleet: fleet)
            do {
                let server = try MetricsServer(host: metrics.metricsHost, port: port, logger: Logger(label: "hatch.metrics")) {
                    await fleetMetrics.render()
                }
                services.append(.init(service: server))
            } catch {
                throw HatchctlError.invalidArgument(error.description)
            }
        }
        if let dashboard { services.append(.init(service: dashboard)) }
        services.append(.init(service: StatusTicker(fleet: fleet, fleetService: fleetService, display: display)))
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: Logger(label: "hatch.lifecycle")))
        try await group.run()
    }
}

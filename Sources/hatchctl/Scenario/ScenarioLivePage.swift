import Foundation
import HatchDashboard
import HatchDeviceSimulator
import HatchFleetControl
import HatchFleetService
import HatchScenarios
import Logging
import ServiceLifecycle
import Synchronization

/// The live dashboard beside a running scenario (`scenario run --dashboard-port`): the devices' cards
/// as in `fleet run`, and above them the stage and the expectations as they settle.
final class ScenarioLivePage: Sendable {
    private let options: DashboardOptions
    private let status = Mutex<ScenarioStatus?>(nil)
    private let running = Mutex<(group: ServiceGroup, task: Task<Void, Never>)?>(nil)

    init(options: DashboardOptions) {
        self.options = options
    }

    /// Shows `live` from now on.
    func update(_ live: ScenarioLiveStatus) {
        let stage = live.verdict.map { "ended: \($0.rawValue)" } ?? live.stage.map { "stage \(live.stageNumber)/\(live.stageCount) \($0)" } ?? "starting"
        let expectations = live.expectations.map {
            ScenarioStatus.Expectation(threshold: ($0.stage.map { "\($0): " } ?? "") + $0.threshold, measured: $0.measuredText, verdict: $0.verdict.rawValue)
        }
        status.withLock { $0 = ScenarioStatus(name: live.scenario, stage: stage, expectations: expectations) }
    }

    private var current: ScenarioStatus? { status.withLock { $0 } }

    /// Starts the dashboard on the scenario's broker once its target is up.
    func start(_ target: ScenarioTargetInfo) async {
        guard let port = options.dashboardPort else { return }
        let access: DashboardAccess
        do { access = try options.access() } catch { return Console.write("error: the dashboard: \(error)\n", to: .standardError) }
        let controls: SimulationControls
        if let fleet = target.fleet, let clock = target.clock {
            let fleetControls = FleetSimulationControls.make(fleet: fleet, clock: clock)
            controls = SimulationControls(status: {
                var current = fleetControls.status()
                current.scenario = self.current
                return current
            }, changeClock: fleetControls.changeClock, injectFault: fleetControls.injectFault)
        } else {
            // Shard processes follow the scenario's clock, which only its stages change; other devices keep their own.
            let clock = target.clock
            controls = SimulationControls(status: {
                SimulationStatus(time: ISO8601DateFormatter().string(from: clock?.now ?? Date()), speed: clock?.speed ?? 1, faults: [], scenario: self.current)
            }, changeClock: { _ in .failed(clock == nil ? "The devices' clock is their own: the scenario did not start them."
                                                         : "The scenario's stages set the clock of its shard processes.") },
               injectFault: { _, _, _, _ in .failed("Faults from the page need a fleet in the scenario's own process.") })
        }
        let service = DashboardService(
            connection: BrokerConnection(url: target.brokerURL.description, credentials: target.credentials, tls: target.tls),
            devices: target.devices.map { DashboardDevice(name: $0.name, macAddress: $0.macAddress, product: $0.product) },
            simulation: controls, port: port, access: access, timeout: .seconds(5), logger: Logger(label: "hatch.dashboard"))
        let logger = Logger(label: "hatch.dashboard")
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [.init(service: service)], logger: logger))
        let task = Task {
            do { try await group.run() } catch { Console.write("error: the dashboard stopped: \(error)\n", to: .standardError) }
        }
        running.withLock { $0 = (group, task) }
    }

    /// Stops the dashboard gracefully (open pages see the stream end).
    func stop() async {
        guard let (group, task) = running.withLock({ $0 }) else { return }
        await group.triggerGracefulShutdown()
        _ = await task.value
    }
}

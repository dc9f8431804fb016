import ArgumentParser
import Foundation
import HatchDashboard
import HatchDeviceModel
import HatchDeviceSimulator
import HatchFleetControl
import HatchFleetLab
import HatchFleetProbes
import HatchFleetService
import HatchMQTT
import HatchMosquittoBroker
import Logging

/// `hatchctl fleet run`: the simulated fleet in the foreground until SIGINT/SIGTERM (or `--duration`).
///
/// With no `--broker` it starts a private mosquitto on a free loopback port and says where; that broker
/// refuses anonymous clients and lets each device use only its own topics (see ``FleetBroker``) unless
/// `--dev`. Either way it records the broker in `$HATCH_HOME/broker.json` (mode 0600, with hatchctl's
/// credentials), so other `hatchctl` commands find it without flags.
/// It runs as a service group (``FleetServiceGroup``): events are logged through swift-log
/// (`--log-level`, JSON lines with `--json`), and `--metrics-port` serves Prometheus metrics.
struct FleetRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a simulated fleet (starting a private mosquitto unless --broker is given)."
    )

    @Option(name: .long, help: ArgumentHelp("The fleet file (YAML).", valueName: "file"))
    var devices = "devices/household.yaml"

    @Option(name: .long, help: ArgumentHelp("An MQTT broker to use instead of a private mosquitto: mqtt://host:port, mqtts://host:port, or unix:///path for one on this machine with a Unix socket listener.", valueName: "url"))
    var broker: String?

    @OptionGroup var clock: ClockOptions

    @Option(name: .long, help: ArgumentHelp("Where devices keep their settings (default: $HATCH_HOME/state/<fleet>).", valueName: "dir"))
    var stateDir: String?

    @Flag(name: .long, help: "Keep the devices' settings in memory only: nothing is read or written, and every run starts from the fleet file.")
    var inMemory = false

    @OptionGroup var sharding: ShardOptions

    @OptionGroup var sourceAddresses: SourceAddressOptions

    @Option(name: .long, help: ArgumentHelp("Stop by itself after this many real seconds.", valueName: "seconds"))
    var duration: Double?

    @Option(name: .long, help: ArgumentHelp("The devices' MQTT keep-alive (1…3600): a hung broker is noticed, and a silent device's last will published, after about 1.5× this.", valueName: "seconds"))
    var keepAlive: Int = 30

    @Option(name: .long, help: ArgumentHelp("Append every request with a clientToken the devices apply (or answer as a repeat) to this file.", valueName: "file"))
    var requestLog: String?

    @Option(name: .long, help: ArgumentHelp("Append the devices' routine, sunrise and alarm events, with their simulated time, to this file.", valueName: "file"))
    var eventLog: String?

    @Option(name: .long, help: ArgumentHelp("Connect at most this many devices per second (default: as fast as --connect-concurrency lets them).", valueName: "n"))
    var connectRate: Double?

    @Option(name: .long, help: ArgumentHelp("How many devices connect at once while the fleet starts.", valueName: "n"))
    var connectConcurrency = 128

    @OptionGroup var security: FleetSecurityOptions

    @OptionGroup var output: OutputOptions

    @OptionGroup var logging: LogOptions

    @OptionGroup var metrics: MetricsOptions
    @OptionGroup var dashboard: DashboardOptions

    @OptionGroup var priority: PriorityOptions

    func validate() throws {
        try security.validate(broker: broker)
        if inMemory && stateDir != nil { throw ValidationError("--in-memory keeps no folder; give either it or --state-dir.") }
        if let duration, duration <= 0 { throw ValidationError("--duration must be greater than 0.") }
        guard (1...3600).contains(keepAlive) else { throw ValidationError("--keep-alive takes 1 to 3600 seconds (got \(keepAlive)).") }
        if let connectRate, !(connectRate > 0) { throw ValidationError("--connect-rate must be greater than 0 (got \(connectRate)).") }
        guard (1...10_000).contains(connectConcurrency) else {
            throw ValidationError("--connect-concurrency takes 1 to 10000 (got \(connectConcurrency)).")
        }
    }

    func run() async throws {
        let console = Console(json: output.json)
        let logger = logging.bootstrap(json: output.json)
        let registry = metrics.metricsPort.map { _ in FleetMetrics.bootstrapMetricsSystem() }
        try await console.run {
            let share = try sharding.resolved()
            let definition = try loadDefinition(share: share)
            let fleetBroker = try await FleetBroker.prepare(definition: definition, choice: security.choice(broker: broker))
            let brokerURL = fleetBroker.url
            defer { fleetBroker.privateBroker?.stop() }
            try fleetBroker.record.save()
            defer { BrokerRecord.remove() }
            if let notice = fleetBroker.notice { logger.notice("\(notice)", metadata: ["broker": "\(brokerURL)"]) }
            // After a private broker started, which keeps its own priority.
            priority.apply()

            let observer = try requestObserver()
            var configuration = FleetConfiguration(
                definition: definition, broker: brokerURL, clock: clock.makeClock(), stateDirectory: inMemory ? nil : stateDirectory(for: definition),
                connectConcurrency: connectConcurrency, instanceName: FleetShareSelection.instanceName(share),
                credentials: fleetBroker.credentials,
                telemetry: FleetTelemetry(logger: logger), keepAlive: .seconds(keepAlive), requestObserver: observer,
                shadowService: security.shadowService)
            configuration.connectRate = connectRate
            if let eventLog {
                let log = try EngineEventLog(url: URL(fileURLWithPath: eventLog))
                configuration.engineEventObserver = { thing, event, at in log.record(thing, event, at: at) }
            }
            configuration.sourceAddresses = sourceAddresses.resolved(devices: definition.devices.count, broker: brokerURL, shard: share)
            if !configuration.sourceAddresses.isEmpty {
                logger.info("connecting from \(configuration.sourceAddresses.count) local address(es), \(configuration.sourceAddresses.first ?? "")…",
                            metadata: ["sourceAddresses": "\(configuration.sourceAddresses.joined(separator: ","))"])
            }
            let fleet: Fleet
            do {
                fleet = try Fleet(configuration: configuration)
            } catch {
                throw FleetControlError.invalidArgument("\(error)")
            }
            let dashboardService = try dashboard.dashboardPort.map { port in
                DashboardService(connection: BrokerConnection(record: fleetBroker.record),
                                 devices: definition.devices.map { DashboardDevice(name: $0.profile.name, macAddress: $0.profile.macAddress, product: $0.profile.product) },
                                 simulation: FleetSimulationControls.make(fleet: fleet, clock: configuration.clock),
                                 port: port, access: try dashboard.access(), timeout: .seconds(5), logger: Logger(label: "hatch.dashboard"))
            }
            do {
                try await FleetServiceGroup.run(fleet: fleet, brokerURL: brokerURL.description, metricsHost: metrics.metricsHost,
                                                metricsPort: metrics.metricsPort, registry: registry, dashboard: dashboardService,
                                                display: FleetDisplay(console: console), logger: logger, duration: duration)
            } catch FleetServiceError.brokerUnreachable(let url, let reason) {
                throw FleetControlError.brokerUnreachable(url: url, reason: reason)
            }
        }
    }

    /// Appends the requests the devices apply to `--request-log`, when given.
    private func requestObserver() throws -> (@Sendable (ThingName, ClientRequest) -> Void)? {
        guard let requestLog else { return nil }
        let log = try RequestLog(url: URL(fileURLWithPath: requestLog))
        return { thing, request in log.record(thing, request) }
    }

    private func loadDefinition(share: (index: Int, count: Int)?) throws -> FleetDefinition {
        let url = URL(fileURLWithPath: devices)
        var definition: FleetDefinition
        do {
            definition = try FleetDefinition.load(contentsOf: url)
        } catch {
            throw FleetControlError.invalidArgument("\(error)")
        }
        if let (index, count) = share {
            definition = definition.shard(index, of: count)
        }
        return definition
    }

    private func stateDirectory(for definition: FleetDefinition) -> URL {
        if let stateDir { return URL(fileURLWithPath: stateDir, isDirectory: true) }
        return BrokerRecord.homeDirectory().appendingPathComponent("state", isDirectory: true)
            .appendingPathComponent(definition.name, isDirectory: true)
    }
}

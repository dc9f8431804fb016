import ArgumentParser
import Foundation
import HatchDeviceSimulator
import HatchFleetControl
import HatchFleetService
import HatchMQTT
import Logging

/// `hatchctl shadow-service`: the AWS IoT classic shadow service on a plain broker, as its own
/// process, for fleets run with `fleet run --shadow-service external`.
///
/// One MQTT connection (the fleet service credential) subscribes to every thing's `shadow/get`,
/// `/update` and `/delete` and answers them exactly as the shadow beside each device of
/// `fleet run` does, keeping one document per thing under `--state`. It stops gracefully on
/// SIGTERM or SIGINT (documents saved), logs through swift-log and serves Prometheus metrics
/// (`--metrics-port`) like `fleet run`.
struct ShadowServiceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shadow-service",
        abstract: "Answer the shadow requests of every device on a broker, as AWS IoT Core does.",
        discussion: """
            Run it beside `hatchctl fleet run --shadow-service external` on a broker configured with \
            `hatchctl broker config --shadow-service external`, logging in as the fleet service \
            (--credentials DIR/credentials.json uses its hatch-fleet identity). Documents are kept \
            under --state (one file per thing, written atomically), so versions keep counting across restarts. \
            Replies are stamped with real time, as AWS does; beside an accelerated fleet, give both the same \
            --speed, --start-time and --clock-origin to stamp them with the fleet's simulated time.
            """
    )

    /// `--broker` and `--credentials` (its fleet service identity).
    @OptionGroup var broker: BrokerOptions<FleetServiceLogin>

    @Option(name: .long, help: ArgumentHelp("The username to log in with (instead of --credentials).", valueName: "name"))
    var username: String?

    @Option(name: .long, help: ArgumentHelp("The password of --username.", valueName: "password"))
    var password: String?

    @Option(name: .long, help: ArgumentHelp("With an mqtts:// broker: the CA that signed it (default: the system's CA store).", valueName: "file"))
    var caFile: String?

    @Option(name: .long, help: ArgumentHelp("Where the documents are kept (default: $HATCH_HOME/shadows).", valueName: "dir"))
    var state: String?

    @Flag(name: .long, help: "Keep the documents in memory only: nothing is read or saved, and versions start again at each start (for throwaway runs and benchmarks).")
    var inMemory = false

    @Option(name: .long, help: ArgumentHelp("The MQTT client id (two services on one broker need two ids).", valueName: "id"))
    var clientID = "hatch-shadow-service"

    @OptionGroup var clock: ClockOptions

    @OptionGroup var metrics: MetricsOptions

    @OptionGroup var priority: PriorityOptions

    @OptionGroup var output: OutputOptions

    @OptionGroup var logging: LogOptions

    func validate() throws {
        if broker.credentials != nil && (username != nil || password != nil) {
            throw ValidationError("--credentials names the service's username and password already; give either it or --username/--password.")
        }
        if password != nil && username == nil { throw ValidationError("--password needs --username.") }
        if clientID.isEmpty { throw ValidationError("--client-id must not be empty.") }
        if inMemory && state != nil { throw ValidationError("--in-memory keeps no folder; give either it or --state.") }
    }

    func run() async throws {
        let console = Console(json: output.json)
        let logger = logging.bootstrap(json: output.json, label: "hatch.shadow-service")
        try await console.run {
            let service: ShadowService
            do {
                service = try ShadowService(configuration: try serviceConfiguration(logger: logger))
            } catch let error as ShadowServiceError {
                throw FleetControlError.invalidArgument(error.description)
            }
            priority.apply()
            do {
                try await ShadowServiceLifecycle.run(service: service, metricsHost: metrics.metricsHost, metricsPort: metrics.metricsPort, logger: logger)
            } catch FleetServiceError.brokerUnreachable(let url, let reason) {
                throw FleetControlError.brokerUnreachable(url: url, reason: reason)
            }
        }
    }

    /// The broker, identity and folder to serve with: `--credentials` (its fleet service identity),
    /// else `--username`/`--password`, else anonymous; the URL from `--broker` or the broker record.
    private func serviceConfiguration(logger: Logger) throws -> ShadowServiceConfiguration {
        var login = try broker.resolvedConnection()
        let url: MQTTBrokerURL
        do {
            url = try MQTTBrokerURL(login.url)
        } catch {
            throw FleetControlError.invalidArgument("--broker: \(login.url) is not a broker URL (\(error)); write mqtt://HOST:PORT or mqtts://HOST:PORT.")
        }
        if let username { login.credentials = MQTTCredentials(username: username, password: password) }
        if url.usesTLS {
            // Without a CA from credentials.json or --ca-file, the system's CA store.
            var tls = login.tls ?? MQTTTLSConfiguration()
            if let caFile { tls.caFile = caFile }
            login.tls = tls
        }
        let folder = inMemory ? nil : state.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? BrokerRecord.homeDirectory().appendingPathComponent("shadows", isDirectory: true)
        let simulated = clock.makeClock()
        return ShadowServiceConfiguration(broker: url, credentials: login.credentials, tls: login.tls, clientID: clientID, stateDirectory: folder,
                                          now: { simulated.now }, logger: logger)
    }
}

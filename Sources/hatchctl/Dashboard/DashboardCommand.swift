import ArgumentParser
import HatchDashboard
import Logging
import ServiceLifecycle

/// `hatchctl dashboard --port N`: the live dashboard for every device registered on a broker (a
/// running fleet or real devices), until SIGINT/SIGTERM. Device controls only: the simulated clock
/// and faults belong to `hatchctl fleet run --dashboard-port`, which runs the fleet itself.
struct DashboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: "Serve a live web dashboard of the devices on the broker.",
        discussion: "Open http://127.0.0.1:PORT/ in a browser. With --host other than loopback, every request needs --token (?token=… on the address)."
    )

    @Option(name: .long, help: ArgumentHelp("The port (0: any free port, logged).", valueName: "port"))
    var port: Int = 8080

    @Option(name: .long, help: ArgumentHelp("Listen on this address instead of 127.0.0.1 (needs --token).", valueName: "address"))
    var host: String?

    @Option(name: .long, help: ArgumentHelp("The token every request must carry.", valueName: "token"))
    var token: String?

    @OptionGroup var options: DeviceCommandOptions
    @OptionGroup var logging: LogOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port takes 0…65535.") }
        _ = try access()
    }

    func run() async throws {
        let logger = logging.bootstrap(json: options.output.json, label: "hatch.dashboard")
        try await options.console.run {
            let service = DashboardService(connection: try options.broker.resolvedConnection(), devices: nil, simulation: nil,
                                           port: port, access: try access(), timeout: options.timeout.duration, logger: logger)
            let group = ServiceGroup(configuration: ServiceGroupConfiguration(
                services: [.init(service: service)], gracefulShutdownSignals: [.sigterm, .sigint], logger: Logger(label: "hatch.lifecycle")))
            try await group.run()
        }
    }

    private func access() throws -> DashboardAccess {
        do {
            return try DashboardAccess(host: host ?? "127.0.0.1", token: token)
        } catch {
            throw ValidationError(error.description.replacingOccurrences(of: "--dashboard-", with: "--"))
        }
    }
}

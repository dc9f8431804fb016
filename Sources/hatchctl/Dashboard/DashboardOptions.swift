import ArgumentParser
import HatchDashboard

/// `--dashboard-port`, `--dashboard-host` and `--dashboard-token` of `fleet run`: the live dashboard
/// beside the fleet.
struct DashboardOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Serve the live dashboard on http://127.0.0.1:PORT/ (0: any free port).", valueName: "port"))
    var dashboardPort: Int?

    @Option(name: .long, help: ArgumentHelp("Listen on this address instead of 127.0.0.1 (needs --dashboard-token).", valueName: "address"))
    var dashboardHost: String?

    @Option(name: .long, help: ArgumentHelp("The token every dashboard request must carry (?token=… on the page's address).", valueName: "token"))
    var dashboardToken: String?

    func validate() throws {
        if let dashboardPort, !(0...65535).contains(dashboardPort) { throw ValidationError("--dashboard-port takes 0…65535.") }
        if dashboardPort == nil, dashboardHost != nil || dashboardToken != nil {
            throw ValidationError("--dashboard-host and --dashboard-token go with --dashboard-port.")
        }
        _ = try access()
    }

    /// The checked address and token.
    func access() throws -> DashboardAccess {
        do {
            return try DashboardAccess(host: dashboardHost ?? "127.0.0.1", token: dashboardToken)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

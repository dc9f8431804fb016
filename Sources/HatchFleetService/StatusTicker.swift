import HatchDeviceSimulator
import ServiceLifecycle

/// Shows the fleet's status once a second while it runs (the live line on a terminal, a status
/// object on standard output with `--json`), until graceful shutdown.
struct StatusTicker: Service {
    let fleet: Fleet
    let fleetService: FleetService
    let display: any FleetServiceDisplay

    func run() async throws {
        try? await cancelWhenGracefulShutdown { [fleet, fleetService, display] in
            while true {
                try await Task.sleep(for: .seconds(1))
                if fleetService.isRunning { display.status(fleet.status()) }
            }
        }
    }
}

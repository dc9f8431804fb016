import Foundation
import HatchDeviceSimulator
import HatchMosquittoBroker
import HatchMQTT

/// A private mosquitto and the sample household fleet, run in the test process on a manual clock
/// (Monday 5 January 2026, 05:50 in the household's New York time zone), for `hatchctl` to talk to.
struct HouseholdFleet {
    let broker: MosquittoBroker
    let clock: SimulationClock
    let fleet: Fleet

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Starts the household (or another fleet file of the package's `devices/`) on `broker` (a fresh
    /// anonymous one by default), logging in with `credentials`.
    static func start(broker: MosquittoBroker? = nil, credentials: FleetCredentials = .anonymous,
                      fleetFile: String = "devices/household.yaml") async throws -> HouseholdFleet {
        let broker: MosquittoBroker = if let broker { broker } else { try await MosquittoBroker.start() }
        let definition = try FleetDefinition.load(contentsOf: packageRoot.appendingPathComponent(fleetFile))
        let clock = SimulationClock(mode: .manual, startTime: Date(timeIntervalSince1970: 1_767_610_200))
        let fleet = try Fleet(configuration: FleetConfiguration(definition: definition, broker: try MQTTBrokerURL(broker.url), clock: clock,
                                                                tickInterval: .milliseconds(20), controlTopics: false,
                                                                credentials: credentials))
        try await fleet.start()
        return HouseholdFleet(broker: broker, clock: clock, fleet: fleet)
    }

    func stop() async {
        await fleet.stop()
        broker.stop()
    }

    /// Runs `body` with a started fleet and always stops it.
    static func with(fleetFile: String = "devices/household.yaml", _ body: (HouseholdFleet) async throws -> Void) async throws {
        let household = try await start(fleetFile: fleetFile)
        do {
            try await body(household)
        } catch {
            await household.stop()
            throw error
        }
        await household.stop()
    }
}

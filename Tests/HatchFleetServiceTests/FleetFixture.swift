import Foundation
import HatchDashboard
import HatchDeviceModel
import HatchDeviceSimulator
import HatchMQTT

/// The household fleet: its devices, clock and faults are real; by default it is never started
/// (the broker address is a closed port).
enum FleetFixture {
    /// The household file's first device, as the dashboard shows it.
    static func firstDevice() throws -> DashboardDevice {
        let profile = try FleetDefinition.load(contentsOf: household).devices[0].profile
        return DashboardDevice(name: profile.name, macAddress: profile.macAddress, product: profile.product)
    }

    static let household = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("devices/household.yaml")

    /// The household fleet on `broker` (default: a closed port, for a fleet that never starts).
    static func fleet(clock: SimulationClock = SimulationClock(mode: .manual),
                      broker: MQTTBrokerURL = MQTTBrokerURL(host: "127.0.0.1", port: 1)) throws -> Fleet {
        try Fleet(configuration: FleetConfiguration(definition: definition, broker: broker, clock: clock, controlTopics: false))
    }

    private static var definition: FleetDefinition {
        get throws { try FleetDefinition.load(contentsOf: household) }
    }
}

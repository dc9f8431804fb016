import Foundation
import HatchDashboard
import HatchDeviceModel
import HatchDeviceSimulator
import HatchMQTT

/// A fleet of the household file that is never started: its devices, clock and faults are real,
/// and nothing connects (the broker address is a closed port).
enum FleetFixture {
    /// The household file's first device, as the dashboard shows it.
    static func firstDevice() throws -> DashboardDevice {
        let profile = try FleetDefinition.load(contentsOf: household).devices[0].profile
        return DashboardDevice(name: profile.name, macAddress: profile.macAddress, product: profile.product)
    }

    static let household = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("devices/household.yaml")

    static func fleet(clock: SimulationClock = SimulationClock(mode: .manual)) throws -> Fleet {
        try Fleet(configuration: FleetConfiguration(definition: definition, broker: MQTTBrokerURL(host: "127.0.0.1", port: 1), clock: clock))
    }

    private static var definition: FleetDefinition {
        get throws { try FleetDefinition.load(contentsOf: household) }
    }
}

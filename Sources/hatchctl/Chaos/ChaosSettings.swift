import Foundation
import HatchDeviceSimulator

/// Everything one chaos run needs, already validated.
struct ChaosSettings: Sendable {
    /// The devices.
    var definition: FleetDefinition
    /// The same devices as a fleet file, for the fleet run in a child process.
    var fleetFileText: String?
    /// Or the fleet file they came from.
    var fleetFile: URL?
    /// MQTT keep-alive of devices and clients, in seconds.
    var keepAlive: Int
    /// Commands per second.
    var rate: Double
    /// Broker SIGKILL + restart cycles.
    var brokerKills: Int
    /// Fleet process SIGKILL + restart cycles.
    var fleetKills: Int
    /// Seconds of SIGSTOP (0: no hang).
    var hangSeconds: Double
    /// Simulated seconds per real second.
    var speed: Double
    /// Seconds of traffic between two faults.
    var interval: Double
    /// Seconds the killed broker stays down.
    var brokerDowntime: Double
    /// Seconds a command is retried (with the same token) before it is reported failed.
    var commandDeadline: Double
    /// Seconds one attempt waits for its reply before the command is sent again.
    var attemptTimeout: Double
}

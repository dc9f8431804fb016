import Foundation
import HatchDeviceSimulator

/// Everything one chaos run needs, already validated.
package struct ChaosSettings: Sendable {
    /// The devices.
    package var definition: FleetDefinition
    /// The same devices as a fleet file, for the fleet run in a child process.
    package var fleetFileText: String? = nil
    /// Or the fleet file they came from.
    package var fleetFile: URL? = nil
    /// MQTT keep-alive of devices and clients, in seconds.
    package var keepAlive: Int
    /// Commands per second.
    package var rate: Double
    /// Broker SIGKILL + restart cycles.
    package var brokerKills: Int
    /// Fleet process SIGKILL + restart cycles.
    package var fleetKills: Int
    /// Seconds of SIGSTOP (0: no hang).
    package var hangSeconds: Double
    /// Simulated seconds per real second.
    package var speed: Double
    /// Seconds of traffic between two faults.
    package var interval: Double
    /// Seconds the killed broker stays down.
    package var brokerDowntime: Double
    /// Seconds a command is retried (with the same token) before it is reported failed.
    package var commandDeadline: Double
    /// Seconds one attempt waits for its reply before the command is sent again.
    package var attemptTimeout: Double

    /// Creates the validated settings of one chaos run.
    package init(
        definition: FleetDefinition,
        fleetFileText: String? = nil,
        fleetFile: URL? = nil,
        keepAlive: Int,
        rate: Double,
        brokerKills: Int,
        fleetKills: Int,
        hangSeconds: Double,
        speed: Double,
        interval: Double,
        brokerDowntime: Double,
        commandDeadline: Double,
        attemptTimeout: Double
    ) {
        self.definition = definition
        self.fleetFileText = fleetFileText
        self.fleetFile = fleetFile
        self.keepAlive = keepAlive
        self.rate = rate
        self.brokerKills = brokerKills
        self.fleetKills = fleetKills
        self.hangSeconds = hangSeconds
        self.speed = speed
        self.interval = interval
        self.brokerDowntime = brokerDowntime
        self.commandDeadline = commandDeadline
        self.attemptTimeout = attemptTimeout
    }
}

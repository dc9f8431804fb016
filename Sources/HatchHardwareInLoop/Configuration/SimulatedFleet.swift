import Foundation
import HatchMQTT

/// A simulated fleet the kit starts before each scenario and stops after it, in the test process.
///
/// The devices keep their own MQTT connections and meet the app's clients only on the broker, as real
/// devices do; what a simulated fleet adds is the simulator's control channel (``SimulatorControl``):
/// clock jumps, faults and, on the kit's own broker, a broker restart.
public struct SimulatedFleet: Sendable {
    /// Which devices the fleet runs.
    public enum Devices: Sendable {
        /// The devices of a fleet file, with their schedules, routines and alarms.
        case fleetFile(URL)
        /// These devices in their factory settings, in the time zone `timeZone` (an IANA identifier).
        case devices([HILDevice], timeZone: String = "America/New_York")
    }

    /// The broker the devices and the app's clients meet on.
    public enum Broker: Sendable {
        /// A private mosquitto on a free loopback port, started and stopped with the fleet: open to
        /// anonymous clients with the shadow service fused into the fleet, locked down (passwords and an
        /// ACL like an AWS IoT policy) with the service split off.
        case privateMosquitto
        /// A broker that is already running and accepts anonymous clients (the fused shadow service only);
        /// the kit never restarts it.
        case url(MQTTBrokerURL)
    }

    /// Who answers the devices' shadow requests.
    public enum ShadowService: String, Sendable {
        /// The fleet answers them itself, in process.
        case fused
        /// The shadow service answers them apart, logged in as the fleet's service identity behind a
        /// locked-down broker whose ACL is like an AWS IoT policy (all in this process, on the fleet's
        /// clock); the devices run their firmware only, and a device publish the ACL denied fails the scenario.
        case split
    }

    /// Which devices run.
    public var devices: Devices = .fleetFile(HILTargetConfiguration.defaultFleetFile)
    /// Where they connect.
    public var broker: Broker = .privateMosquitto
    /// Where the fleet's clock starts; `nil` takes the scenario's `clockStart`, else the current time.
    public var clockStart: Date? = nil
    /// Simulated seconds per real second.
    public var speed: Double = 60
    /// Who answers the shadow requests.
    public var shadowService: ShadowService = .fused

    /// Creates the description of a simulated fleet; by default the fleet file's devices on a private mosquitto, at 60× speed.
    public init(
        devices: Devices = .fleetFile(HILTargetConfiguration.defaultFleetFile),
        broker: Broker = .privateMosquitto,
        clockStart: Date? = nil,
        speed: Double = 60,
        shadowService: ShadowService = .fused
    ) {
        self.devices = devices
        self.broker = broker
        self.clockStart = clockStart
        self.speed = speed
        self.shadowService = shadowService
    }
}

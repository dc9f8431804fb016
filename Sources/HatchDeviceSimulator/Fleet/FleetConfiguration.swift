import Foundation
import HatchDeviceModel
import HatchMQTT

/// Everything a ``Fleet`` needs to run: the devices, the broker, the clock and where to keep state.
public struct FleetConfiguration: Sendable {
    /// The devices (already sharded, if sharding).
    public var definition: FleetDefinition
    /// The broker every device connects to.
    public var broker: MQTTBrokerURL
    /// The fleet's clock.
    public var clock: SimulationClock
    /// The state folder (`--state-dir`); `nil` keeps state in memory only.
    public var stateDirectory: URL?
    /// How many devices connect at the same time.
    public var connectConcurrency: Int
    /// At most this many devices start connecting per real second while the fleet starts (`nil`: as
    /// fast as ``connectConcurrency`` lets them), for a ramp of connections.
    public var connectRate: Double? = nil
    /// Real time between two scheduler passes over the devices.
    public var tickInterval: Duration
    /// Whether the fleet listens on `hatch/fleet/control` and publishes `hatch/fleet/status` and `hatch/fleet/events`.
    public var controlTopics: Bool
    /// Distinguishes several fleet processes on one broker (`--shard`), used in the control client id.
    public var instanceName: String
    /// The usernames, passwords and TLS settings of the devices and the service session; anonymous by default.
    public var credentials: FleetCredentials
    /// Where the fleet logs its events and records its latency and rejections (silent by default).
    public var telemetry: FleetTelemetry
    /// The MQTT keep-alive of every device and of the fleet's own session.
    public var keepAlive: Duration
    /// Told about every request with a `clientToken` a device applied or answered as a repeat.
    public var requestObserver: (@Sendable (ThingName, ClientRequest) -> Void)?
    /// Told about what each device's engine did (routines, sunrises, alarms, the battery), with the
    /// simulated time it happened: what a scenario's expectations on alarms and routines count.
    public var engineEventObserver: (@Sendable (ThingName, EngineEvent, Date) -> Void)? = nil
    /// Who answers the devices' shadow requests: each device's local shadow (a plain broker), or the
    /// broker's side (AWS IoT Core, `hatchctl shadow-service`), in which case the fleet answers nothing.
    public var shadowService: ShadowServiceMode

    /// Local addresses the devices' connections are made from, in turn (see
    /// `MQTTConfiguration.bindAddress`); empty lets the system choose. Past about 14,000 connections
    /// from one address to one broker port a new connection takes 30–160 times longer to get a local
    /// port, so larger fleets on one machine spread over several (``loopbackSourceAddresses(for:block:)``).
    public var sourceAddresses: [String] = []

    /// Creates a configuration.
    public init(definition: FleetDefinition, broker: MQTTBrokerURL, clock: SimulationClock, stateDirectory: URL? = nil,
                connectConcurrency: Int = 128, tickInterval: Duration = .milliseconds(100), controlTopics: Bool = true,
                instanceName: String = "fleet", credentials: FleetCredentials = .anonymous, telemetry: FleetTelemetry = FleetTelemetry(),
                keepAlive: Duration = .seconds(30), requestObserver: (@Sendable (ThingName, ClientRequest) -> Void)? = nil,
                shadowService: ShadowServiceMode = .internal) {
        self.definition = definition
        self.broker = broker
        self.clock = clock
        self.stateDirectory = stateDirectory
        self.connectConcurrency = connectConcurrency
        self.tickInterval = tickInterval
        self.controlTopics = controlTopics
        self.instanceName = instanceName
        self.credentials = credentials
        self.telemetry = telemetry
        self.keepAlive = keepAlive
        self.requestObserver = requestObserver
        self.shadowService = shadowService
    }
}

import HatchDeviceSimulator
import HatchMQTT

/// Where a scenario runs, once its target is up: the broker, the devices and — on a fleet the engine
/// started — the fleet and its clock.
public struct ScenarioTargetInfo: Sendable {
    /// The broker the devices and clients use.
    public let brokerURL: MQTTBrokerURL
    /// How clients log in there, and the TLS settings of an `mqtts://` broker.
    public let credentials: MQTTCredentials?
    public let tls: MQTTTLSConfiguration?
    /// The devices.
    public let devices: [DeviceProfile]
    /// The fleet and its clock, when the engine started them.
    public let fleet: Fleet?
    public let clock: SimulationClock?
}

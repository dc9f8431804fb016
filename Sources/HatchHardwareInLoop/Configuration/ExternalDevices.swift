import HatchMQTT

/// Devices on a broker the kit does not own: real hardware, or a `hatchctl fleet run` in another
/// process. The simulator's control channel does not exist there.
public struct ExternalDevices: Sendable {
    /// Where the devices are.
    public var broker: MQTTBrokerURL
    /// The devices to drive.
    public var devices: [HILDevice]
    /// TLS for an `mqtts://` broker (`nil`: plain MQTT).
    public var tls: MQTTTLSConfiguration?
    /// The broker login, when it asks for one.
    public var credentials: MQTTCredentials?

    /// External devices; an `mqtts://` broker without `tls` uses the system's CA store.
    public init(broker: MQTTBrokerURL, devices: [HILDevice], tls: MQTTTLSConfiguration? = nil, credentials: MQTTCredentials? = nil) {
        self.broker = broker
        self.devices = devices
        self.tls = tls ?? (broker.usesTLS ? MQTTTLSConfiguration() : nil)
        self.credentials = credentials
    }
}

/// Everything needed to open one MQTT session: broker, identity, session semantics, security and
/// reconnect behaviour.
public struct MQTTConfiguration: Sendable {
    /// The broker to connect to.
    public var broker: MQTTBrokerURL
    /// The client identifier; must be unique per broker (a second client with the same id takes over).
    public var clientID: String
    /// The keep-alive interval; the broker drops the session (and publishes the will) after 1.5× this
    /// without traffic.
    public var keepAlive: Duration
    /// `true`: the broker forgets subscriptions and queued messages at disconnect. `false`: a persistent
    /// session that keeps them (QoS ≥ 1 messages published while we were away are delivered on return).
    public var cleanSession: Bool
    /// Username and password, or `nil` for an anonymous connection.
    public var credentials: MQTTCredentials?
    /// TLS settings; required by `mqtts://` URLs unless the system CA store is enough (then pass an empty one).
    public var tls: MQTTTLSConfiguration?
    /// The protocol version.
    public var protocolVersion: MQTTProtocolVersion
    /// The last will, published by the broker if the connection ends without a clean disconnect.
    public var will: MQTTWill?
    /// Automatic reconnect and offline queueing.
    public var reconnect: MQTTReconnectPolicy
    /// Disables Nagle's algorithm (default): without it every small publish waits up to ~40 ms.
    public var tcpNoDelay: Bool
    /// How long ``MQTTSession/connect()`` waits for the CONNACK before failing.
    public var connectTimeout: Duration
    /// The most QoS 0 messages that may wait for the socket; a publish beyond it waits until half
    /// of them are written, so a publisher faster than the network cannot exhaust memory.
    public var qos0QueueLimit: Int
    /// The local address the connection is made from (e.g. `127.0.0.2`), or `nil` to let the system
    /// choose. One source address gives at most about 28,000 connections to one broker port (the
    /// ephemeral port range), so a process that opens more spreads them over several addresses.
    public var bindAddress: String?

    /// Creates a session configuration.
    public init(
        broker: MQTTBrokerURL,
        clientID: String,
        keepAlive: Duration = .seconds(30),
        cleanSession: Bool = true,
        credentials: MQTTCredentials? = nil,
        tls: MQTTTLSConfiguration? = nil,
        protocolVersion: MQTTProtocolVersion = .v311,
        will: MQTTWill? = nil,
        reconnect: MQTTReconnectPolicy = .default,
        tcpNoDelay: Bool = true,
        connectTimeout: Duration = .seconds(15),
        qos0QueueLimit: Int = 10_000,
        bindAddress: String? = nil
    ) {
        self.broker = broker
        self.clientID = clientID
        self.keepAlive = keepAlive
        self.cleanSession = cleanSession
        self.credentials = credentials
        self.tls = tls
        self.protocolVersion = protocolVersion
        self.will = will
        self.reconnect = reconnect
        self.tcpNoDelay = tcpNoDelay
        self.connectTimeout = connectTimeout
        self.qos0QueueLimit = max(1, qos0QueueLimit)
        self.bindAddress = bindAddress
    }
}

import Foundation
import HatchMQTT
import Logging

/// Everything a ``ShadowService`` needs: the broker and how to log in, where to keep documents,
/// and its clock.
public struct ShadowServiceConfiguration: Sendable {
    /// The broker.
    public var broker: MQTTBrokerURL
    /// The username and password (the fleet service credential on a locked-down broker).
    public var credentials: MQTTCredentials? = nil
    /// TLS settings, for an `mqtts://` broker.
    public var tls: MQTTTLSConfiguration? = nil
    /// The MQTT client id. The session is persistent, so requests published while the service
    /// reconnects are delivered when it is back; two services must not share one id.
    public var clientID: String = "hatch-shadow-service"
    /// The folder of the documents (`--state`); `nil` keeps them in memory only.
    public var stateDirectory: URL? = nil
    /// The MQTT keep-alive.
    public var keepAlive: Duration = .seconds(30)
    /// The clock that stamps `timestamp` and metadata (real time; a simulated clock in tests).
    public var now: @Sendable () -> Date = { Date() }
    /// Where the service logs (silent by default).
    public var logger: Logger = Logger(label: "hatch.shadow-service", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Creates a shadow service configuration; only the broker is required.
    public init(
        broker: MQTTBrokerURL,
        credentials: MQTTCredentials? = nil,
        tls: MQTTTLSConfiguration? = nil,
        clientID: String = "hatch-shadow-service",
        stateDirectory: URL? = nil,
        keepAlive: Duration = .seconds(30),
        now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "hatch.shadow-service", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.broker = broker
        self.credentials = credentials
        self.tls = tls
        self.clientID = clientID
        self.stateDirectory = stateDirectory
        self.keepAlive = keepAlive
        self.now = now
        self.logger = logger
    }
}

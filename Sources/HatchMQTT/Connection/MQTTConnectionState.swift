/// Where a session's connection stands.
public enum MQTTConnectionState: Sendable, Equatable, CustomStringConvertible {
    /// A TCP/TLS connection and CONNECT are under way (first connect or automatic reconnect).
    case connecting
    /// The broker accepted the session (CONNACK 0).
    case connected
    /// Not connected, and why.
    case disconnected(reason: MQTTDisconnectReason)

    public var description: String {
        switch self {
        case .connecting: return "connecting"
        case .connected: return "connected"
        case .disconnected(let reason): return "disconnected (\(reason))"
        }
    }
}

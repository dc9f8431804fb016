/// Why a session is not connected.
public enum MQTTDisconnectReason: Sendable, Equatable, CustomStringConvertible {
    /// `connect()` has not been called yet.
    case neverConnected
    /// The client called ``MQTTSession/disconnect()``: a clean disconnect, no will published.
    case clientRequested
    /// An established connection dropped (broker gone, network error, keep-alive timeout); the session
    /// reconnects by itself when its ``MQTTReconnectPolicy`` allows.
    case connectionLost(MQTTError)
    /// A connection attempt failed (refused, not authorized, TLS error, timeout).
    case connectFailed(MQTTError)

    public var description: String {
        switch self {
        case .neverConnected: return "never connected"
        case .clientRequested: return "client disconnected"
        case .connectionLost(let error): return "connection lost: \(error)"
        case .connectFailed(let error): return "connect failed: \(error)"
        }
    }
}

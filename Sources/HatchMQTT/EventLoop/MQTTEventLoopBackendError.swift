/// Why a `HATCH_MQTT_EVENT_LOOP` value was not used.
public enum MQTTEventLoopBackendError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The value names no backend.
    case unknown(String)
    /// The backend exists but not on this platform (epoll outside Linux).
    case unavailable(MQTTEventLoopBackend)

    /// What was wrong, naming the variable and its value.
    public var description: String {
        switch self {
        case .unknown(let value):
            let known = MQTTEventLoopBackend.allCases.map(\.rawValue).joined(separator: ", ")
            return "\(MQTTEventLoopBackend.environmentVariable)=\(value) names no event loop backend (known: \(known))"
        case .unavailable(let backend):
            return "\(MQTTEventLoopBackend.environmentVariable)=\(backend) is not available on this platform"
        }
    }
}

import HatchServiceSupport

/// Why the metrics server could not start.
package enum MetricsServerError: UserFacingError, Hashable {
    /// The host is neither an address nor a name that resolves.
    case unknownHost(String, reason: String)
    /// Binding or listening failed (the port is taken, or below 1024 without privileges).
    case cannotListen(host: String, port: Int, reason: String)

    package var description: String {
        switch self {
        case .unknownHost(let host, let reason):
            return "--metrics-host \(host) is not an address this machine has (\(reason)); use 127.0.0.1, 0.0.0.0 or ::"
        case .cannotListen(let host, let port, let reason):
            return "cannot serve metrics on \(host):\(port) (\(reason)); choose another --metrics-port, or 0 for a free one"
        }
    }
}

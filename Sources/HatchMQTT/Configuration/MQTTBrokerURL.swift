import Foundation

/// A broker address: `mqtt://host[:port]` (plain TCP, default port 1883), `mqtts://host[:port]`
/// (TLS, default port 8883) or `unix:///path/to/socket` (a Unix domain socket on this machine, which
/// mosquitto opens with `listener 0 /path/to/socket`). `tcp://` and `ssl://` are accepted as aliases,
/// as other clients do.
public struct MQTTBrokerURL: Sendable, Hashable, CustomStringConvertible {
    /// The host name or IP address (IPv6 literals without brackets), or the socket's path for `unix://`.
    public var host: String
    /// The TCP port; 0 for a Unix domain socket.
    public var port: Int
    /// Whether the connection is wrapped in TLS (`mqtts://`).
    public var usesTLS: Bool = false

    /// Creates a broker address.
    public init(host: String, port: Int, usesTLS: Bool = false) {
        self.host = host
        self.port = port
        self.usesTLS = usesTLS
    }

    /// Whether the broker is reached through a Unix domain socket (``host`` is its path): no TCP, no
    /// local port, and the cheapest way for a fleet to reach a broker on the same machine.
    public var isUnixSocket: Bool { port == 0 }

    /// A broker reached through the Unix domain socket at `path`.
    public static func unixSocket(_ path: String) -> MQTTBrokerURL {
        MQTTBrokerURL(host: path, port: 0)
    }

    /// Parses a broker URL; throws ``MQTTError/invalidURL(_:reason:)`` saying what is wrong.
    public init(_ string: String) throws {
        let trimmed = string.trimmingCharacters(in: .whitespaces)
        guard let schemeEnd = trimmed.range(of: "://") else {
            throw MQTTError.invalidURL(string, reason: "it has no scheme; write mqtt://host:1883 or mqtts://host:8883")
        }
        let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
        if scheme == "unix" {
            let path = trimmed[schemeEnd.upperBound...]
            guard path.hasPrefix("/"), path.count > 1 else {
                throw MQTTError.invalidURL(string, reason: "a Unix socket URL names an absolute path: unix:///run/mosquitto/mqtt.sock")
            }
            guard path.utf8.count < 108 else {
                throw MQTTError.invalidURL(string, reason: "the socket path is \(path.utf8.count) bytes; Unix sockets allow at most 107")
            }
            self = .unixSocket(String(path))
            return
        }
        switch scheme {
        case "mqtt", "tcp": usesTLS = false
        case "mqtts", "ssl", "tls": usesTLS = true
        default:
            throw MQTTError.invalidURL(string, reason: "the scheme '\(scheme)' is not supported; use mqtt://, mqtts:// or unix://")
        }
        var authority = trimmed[schemeEnd.upperBound...]
        if let slash = authority.firstIndex(of: "/") { authority = authority[..<slash] }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var hostPart = Substring(authority)
        var portPart: Substring?
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else {
                throw MQTTError.invalidURL(string, reason: "the IPv6 address has no closing ']'")
            }
            let rest = hostPart[hostPart.index(after: close)...]
            hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
            if rest.hasPrefix(":") { portPart = rest.dropFirst() } else if !rest.isEmpty {
                throw MQTTError.invalidURL(string, reason: "unexpected text after the IPv6 address")
            }
        } else if let colon = hostPart.lastIndex(of: ":") {
            portPart = hostPart[hostPart.index(after: colon)...]
            hostPart = hostPart[..<colon]
        }
        guard !hostPart.isEmpty else { throw MQTTError.invalidURL(string, reason: "the host is empty") }
        host = String(hostPart)
        if let portPart {
            guard let parsed = Int(portPart), (1...65535).contains(parsed) else {
                throw MQTTError.invalidURL(string, reason: "the port '\(portPart)' is not a number between 1 and 65535")
            }
            port = parsed
        } else {
            port = usesTLS ? 8883 : 1883
        }
    }

    /// `mqtt://host:port`, `mqtts://host:port` or `unix:///path`.
    public var description: String {
        if isUnixSocket { return "unix://\(host)" }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(usesTLS ? "mqtts" : "mqtt")://\(shownHost):\(port)"
    }
}

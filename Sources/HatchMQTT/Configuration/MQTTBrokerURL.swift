import Foundation
import HatchMemberwiseInit

/// A broker address: `mqtt://host[:port]` (plain TCP, default port 1883) or `mqtts://host[:port]`
/// (TLS, default port 8883). `tcp://` and `ssl://` are accepted as aliases, as other clients do.
@MemberwiseInit(.public)
public struct MQTTBrokerURL: Sendable, Hashable, CustomStringConvertible {
    /// The host name or IP address (IPv6 literals without brackets).
    public var host: String
    /// The TCP port.
    public var port: Int
    /// Whether the connection is wrapped in TLS (`mqtts://`).
    public var usesTLS: Bool = false

    /// Parses a broker URL; throws ``MQTTError/invalidURL(_:reason:)`` saying what is wrong.
    public init(_ string: String) throws {
        let trimmed = string.trimmingCharacters(in: .whitespaces)
        guard let schemeEnd = trimmed.range(of: "://") else {
            throw MQTTError.invalidURL(string, reason: "it has no scheme; write mqtt://host:1883 or mqtts://host:8883")
        }
        let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
        switch scheme {
        case "mqtt", "tcp": usesTLS = false
        case "mqtts", "ssl", "tls": usesTLS = true
        default:
            throw MQTTError.invalidURL(string, reason: "the scheme '\(scheme)' is not supported; use mqtt:// or mqtts://")
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

    /// `mqtt://host:port` or `mqtts://host:port`.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(usesTLS ? "mqtts" : "mqtt")://\(shownHost):\(port)"
    }
}

/// What went wrong in an MQTT operation; every description says what to do next.
public enum MQTTError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broker URL could not be parsed.
    case invalidURL(String, reason: String)
    /// A topic to publish to is empty, too long, not UTF-8, or contains `+`/`#`.
    case invalidTopic(String)
    /// A subscription filter is malformed (`#` not last, wildcards inside a level, …).
    case invalidFilter(String)
    /// A configuration value is unusable (for example a TLS file that does not exist).
    case invalidConfiguration(String)
    /// Nothing accepted the TCP connection at host:port.
    case connectionRefused(host: String, port: Int)
    /// The broker host name could not be resolved.
    case hostNotFound(String)
    /// The broker rejected the username/password or the client's authorization.
    case notAuthorized(String)
    /// The broker refused the CONNECT for another reason (identifier rejected, server unavailable, …).
    case connectionRejected(code: Int, reason: String)
    /// The TLS handshake failed.
    case tlsFailed(String)
    /// The TLS broker ended the connection before answering CONNECT, and this client presented no
    /// certificate: the broker requires one (mutual TLS).
    case clientCertificateRequired(host: String, port: Int)
    /// No CONNACK arrived within the configured connect timeout.
    case connectTimedOut(host: String, port: Int, after: Duration)
    /// An established connection dropped.
    case connectionLost(String)
    /// The operation needs a connection and the session is not connected (and will not reconnect).
    case notConnected
    /// A QoS ≥ 1 publish made while disconnected was not sent within the policy's queue timeout.
    case publishTimedOut(topic: String, after: Duration)
    /// The broker refused a subscription (SUBACK 0x80), usually an ACL.
    case subscriptionRejected(filter: String)
    /// The session was disconnected by the client while the operation was pending.
    case sessionClosed
    /// The process may open no more files (`EMFILE`/`ENFILE`): every session needs a socket.
    case tooManyOpenFiles(limit: Int)
    /// No local port was free for another connection from this source address (`EADDRNOTAVAIL`), or
    /// the bind address is not an address of this machine.
    case noLocalPort(bindAddress: String?, host: String, port: Int)
    /// A libmosquitto error without a more specific meaning.
    case library(code: Int, message: String)

    public var description: String {
        switch self {
        case .invalidURL(let url, let reason):
            return "invalid broker URL '\(url)': \(reason)"
        case .invalidTopic(let topic):
            return "invalid topic '\(topic)': topics must be non-empty UTF-8 without '+' or '#'; fix the topic name"
        case .invalidFilter(let filter):
            return "invalid subscription filter '\(filter)': '+' must fill a whole level and '#' must be the last level"
        case .invalidConfiguration(let message):
            return "invalid MQTT configuration: \(message)"
        case .connectionRefused(let host, let port):
            return "connection refused by \(Self.endpoint(host, port)): no MQTT broker listens there; start the broker or check the URL's host and port"
        case .hostNotFound(let host):
            return "cannot resolve broker host '\(host)'; check the URL and the DNS configuration"
        case .notAuthorized(let message):
            return "not authorized: \(message); check the username and password (or client certificate) configured for this client"
        case .connectionRejected(let code, let reason):
            return "the broker rejected the connection (code \(code): \(reason)); check the client id, protocol version and broker configuration"
        case .tlsFailed(let message):
            return "TLS handshake failed: \(message); check the CA file, the client certificate and key, and that the URL's host matches the broker certificate"
        case .clientCertificateRequired(let host, let port):
            return "TLS refused: the broker at \(host):\(port) requires a client certificate and this client presented none; "
                + "set the TLS configuration's certificateFile and keyFile to a certificate signed by the CA the broker trusts"
        case .connectTimedOut(let host, let port, let after):
            return "no answer from \(Self.endpoint(host, port)) within \(after); check that the broker is reachable and not overloaded"
        case .connectionLost(let message):
            return "connection lost: \(message); the session reconnects by itself if its reconnect policy allows"
        case .notConnected:
            return "the session is not connected; call connect() first (QoS 0 publishes are never queued)"
        case .publishTimedOut(let topic, let after):
            return "publish to '\(topic)' was not sent: no connection within \(after); it was dropped, retry when connected"
        case .subscriptionRejected(let filter):
            return "the broker refused the subscription to '\(filter)'; check the broker's ACL for this client"
        case .sessionClosed:
            return "the session was disconnected while the operation was pending; connect again and retry"
        case .tooManyOpenFiles(let limit):
            return "too many open files (the limit is \(limit)); raise it with `ulimit -n` (its hard limit as root, or in /etc/security/limits.conf) and run again"
        case .noLocalPort(let bindAddress, let host, let port):
            let source = bindAddress.map { "source address \($0)" } ?? "the system-chosen source address"
            let notLocal = bindAddress.map { ", or \($0) is not an address of this machine" } ?? ""
            return "no free local port from \(source) to \(host):\(port) (about 28,000 connections fit one source address and broker port\(notLocal)); "
                + "spread connections over more source addresses in 127.0.0.0/8 (MQTTConfiguration.bindAddress) or broker ports"
        case .library(let code, let message):
            return "libmosquitto error \(code): \(message)"
        }
    }

    /// `host:port`, or the socket's path for a Unix domain socket (port 0).
    private static func endpoint(_ host: String, _ port: Int) -> String {
        port == 0 ? "the Unix socket \(host)" : "\(host):\(port)"
    }
}

import Foundation

/// Why a private mosquitto could not be started; each case says what to do next.
public enum MosquittoBrokerError: Error, CustomStringConvertible, Sendable {
    /// No `mosquitto` executable was found on `PATH`, in `/usr/sbin` or in `MOSQUITTO_PATH`.
    case binaryNotFound(searched: [String])
    /// A mosquitto plugin (part of mosquitto 2) was not found in the usual library folders.
    case pluginNotFound(name: String, searched: [String])
    /// The broker process exited before its port accepted connections.
    case exitedDuringStartup(status: Int32, log: String)
    /// The port did not accept connections in time.
    case startupTimedOut(port: Int, log: String)
    /// A helper step (free port, temp dir, password file) failed.
    case setupFailed(String)
    /// The broker needs more open files than the hard limit allows (one per client connection).
    case openFileLimitTooLow(needed: Int)

    /// What went wrong and what to do next.
    public var description: String {
        switch self {
        case .binaryNotFound(let searched):
            return "mosquitto was not found (looked in \(searched.joined(separator: ", "))). "
                + "Install it with `apt-get install mosquitto` (or `make deps`, or `brew install mosquitto`), "
                + "or set MOSQUITTO_PATH to the executable."
        case .pluginNotFound(let name, let searched):
            return "mosquitto's plugin \(name) was not found (looked in \(searched.joined(separator: ", "))). "
                + "Install mosquitto 2 with its plugins (`apt-get install mosquitto`, `make deps`, or `brew install mosquitto`)."
        case .exitedDuringStartup(let status, let log):
            return "mosquitto exited with status \(status) while starting; check the generated configuration. Broker log:\n\(log)"
        case .startupTimedOut(let port, let log):
            return "mosquitto did not accept connections on 127.0.0.1:\(port) in time; the machine may be overloaded. Broker log:\n\(log)"
        case .openFileLimitTooLow(let needed):
            return "mosquitto needs \(needed) open files (one per client), more than the hard limit allows; raise it with "
                + "`ulimit -n \(needed)` as root (or in /etc/security/limits.conf) and run again, or use fewer devices"
        case .setupFailed(let message):
            return "could not prepare a private mosquitto: \(message)"
        }
    }
}

import Foundation
import HatchServiceSupport

/// Everything finding, reaching and driving a device can fail with. Each case says what to do next and
/// maps to an exit status that scripts can test (see ``exitStatus``; the README lists them).
package enum FleetControlError: UserFacingError, Equatable {
    /// No `--broker` flag and no recorded broker.
    case noBroker(recordPath: String)
    /// The recorded broker file exists but is not `{"url": "…"}`.
    case brokerRecordUnreadable(path: String, reason: String)
    /// The broker did not accept a connection.
    case brokerUnreachable(url: String, reason: String)
    /// The broker refused the username and password (or their absence).
    case brokerRefusedCredentials(url: String, username: String?, reason: String)
    /// The TLS handshake failed: the broker's certificate is not trusted, or names another host.
    case brokerTLSFailed(url: String, caFile: String?, reason: String)
    /// The broker requires a client certificate (mutual TLS) and the login has none.
    case brokerRequiresClientCertificate(url: String)
    /// No device has this name or MAC address; lists the known ones.
    case unknownDevice(query: String, known: [String])
    /// Two or more devices share this name.
    case ambiguousDevice(query: String, matches: [String])
    /// The device's presence record says it is offline (since when and why, when known).
    case deviceOffline(device: String, since: Date?, reason: String?)
    /// The device (or the fleet) rejected the request; its reason is shown verbatim.
    case rejected(device: String, code: Int, message: String)
    /// The device did not answer in time.
    case timeout(device: String, seconds: Double)
    /// No routine, alarm or sound with this name or id on the device.
    case notFound(kind: String, query: String, known: [String])
    /// The device cannot do this (e.g. a light command on a Rest Mini).
    case unsupported(device: String, reason: String)
    /// A command-line value that parses but makes no sense (e.g. volume 140 %).
    case invalidArgument(String)
    /// The dependency analyzer found unmet requirements.
    case dependenciesUnmet(count: Int)

    /// The process exit status for this error.
    package var exitStatus: Int32 {
        switch self {
        case .noBroker, .brokerRecordUnreadable, .brokerUnreachable, .brokerRefusedCredentials, .brokerTLSFailed, .brokerRequiresClientCertificate: return 3
        case .unknownDevice, .ambiguousDevice: return 4
        case .deviceOffline: return 5
        case .rejected: return 6
        case .timeout: return 7
        case .notFound: return 8
        case .unsupported, .invalidArgument: return 9
        case .dependenciesUnmet: return 10
        }
    }

    /// A stable machine-readable name for `--json` output.
    package var kind: String {
        switch self {
        case .noBroker: return "noBroker"
        case .brokerRecordUnreadable: return "brokerRecordUnreadable"
        case .brokerUnreachable: return "brokerUnreachable"
        case .brokerRefusedCredentials: return "brokerRefusedCredentials"
        case .brokerTLSFailed: return "brokerTLSFailed"
        case .brokerRequiresClientCertificate: return "brokerRequiresClientCertificate"
        case .unknownDevice: return "unknownDevice"
        case .ambiguousDevice: return "ambiguousDevice"
        case .deviceOffline: return "deviceOffline"
        case .rejected: return "rejected"
        case .timeout: return "timeout"
        case .notFound: return "notFound"
        case .unsupported: return "unsupported"
        case .invalidArgument: return "invalidArgument"
        case .dependenciesUnmet: return "dependenciesUnmet"
        }
    }

    package var description: String {
        switch self {
        case .noBroker(let path):
            return "No broker given and none recorded at \(path). Start a fleet with `hatchctl fleet run`, or pass --broker mqtt://HOST:PORT."
        case .brokerRecordUnreadable(let path, let reason):
            return "The broker record \(path) is unreadable (\(reason)). Restart `hatchctl fleet run`, or pass --broker mqtt://HOST:PORT."
        case .brokerUnreachable(let url, let reason):
            return "Cannot reach the broker at \(url): \(reason). Is `hatchctl fleet run` still running? Pass --broker to use another one."
        case .brokerRefusedCredentials(let url, let username, let reason):
            let who = username.map { "the username '\($0)' and its password" } ?? "an anonymous connection"
            return "The broker at \(url) refused \(who) (\(reason)). Use the credentials `hatchctl fleet run` recorded in "
                + "$HATCH_HOME/broker.json, or pass --credentials with the credentials.json of `hatchctl broker config`; "
                + "if the broker's passwords were rotated, restart the fleet."
        case .brokerTLSFailed(let url, let caFile, let reason):
            let trust = caFile.map { "the CA in \($0)" } ?? "the system's CA store (no CA file was given)"
            return "The TLS handshake with \(url) failed: the broker's certificate is not trusted by \(trust), or does not name "
                + "the URL's host (\(reason)). Pass --credentials with the credentials.json whose CA signed the broker's certificate."
        case .brokerRequiresClientCertificate(let url):
            return "The broker at \(url) requires a client certificate (mutual TLS) and this login has none. Pass --credentials with the "
                + "credentials.json of `hatchctl broker config --client-certificates` (it names the controller's certificate and key), "
                + "or use the login `hatchctl fleet run --client-certificates` recorded in $HATCH_HOME/broker.json."
        case .unknownDevice(let query, let known):
            let list = known.isEmpty ? "no devices are registered on this broker (is a fleet running?)" : "known devices:\n" + known.map { "  \($0)" }.joined(separator: "\n")
            return "No device named or with MAC \"\(query)\"; \(list)"
        case .ambiguousDevice(let query, let matches):
            return "\"\(query)\" names several devices; use a MAC address instead:\n" + matches.map { "  \($0)" }.joined(separator: "\n")
        case .deviceOffline(let device, let since, let reason):
            let why = reason.map { " (\($0))" } ?? ""
            let when = since.map { " since \(TextFormat.timestamp($0))" }
                ?? ", since an unrecorded time (its last will carries no timestamp)"
            return "\(device) is offline\(when)\(why). Check its power and network, or wait for it to reconnect."
        case .rejected(let device, let code, let message):
            return "\(device) rejected the command (\(code)): \(message)"
        case .timeout(let device, let seconds):
            return "\(device) did not answer within \(TextFormat.seconds(seconds)). It may be busy or its link may be lossy; retry, or raise --timeout."
        case .notFound(let kind, let query, let known):
            let list = known.isEmpty ? "the device has none" : "known: " + known.joined(separator: ", ")
            return "No \(kind) \"\(query)\" on this device; \(list)."
        case .unsupported(let device, let reason):
            return "\(device) cannot do that: \(reason)"
        case .invalidArgument(let message):
            return message
        case .dependenciesUnmet(let count):
            return "\(count) dependency requirement(s) unmet; see the report above."
        }
    }
}

import Foundation

/// Whether a device is reachable.
public enum IoTDeviceConnectionState: Sendable, Hashable, CustomStringConvertible {
    /// Connected; `since` is when it came online, when known.
    case online(since: Date?)
    /// Not connected; `since` is when it went offline, when known, and `reason` why
    /// (`shutdown`, `reboot`, `connectionLost`).
    case offline(since: Date?, reason: String?)
    /// Not known: no presence record yet, or this process's own broker link is down.
    case unknown

    /// `true` only for ``online(since:)``.
    public var isOnline: Bool {
        if case .online = self { return true }
        return false
    }

    /// When the current state began, when known.
    public var since: Date? {
        switch self {
        case .online(let since), .offline(let since, _): return since
        case .unknown: return nil
        }
    }

    /// `online`, `offline` or `unknown`.
    public var name: String {
        switch self {
        case .online: return "online"
        case .offline: return "offline"
        case .unknown: return "unknown"
        }
    }

    /// `online`, `offline (connectionLost)` or `unknown`.
    public var description: String {
        if case .offline(_, let reason?) = self { return "offline (\(reason))" }
        return name
    }
}

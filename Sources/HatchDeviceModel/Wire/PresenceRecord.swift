/// The retained presence record of a device. The broker publishes the `offline` form with reason
/// `connectionLost` as the device's last will when the connection drops abruptly.
public struct PresenceRecord: Sendable, Hashable, Codable {
    /// Online or offline.
    public var state: PresenceState
    /// The device.
    public var thingName: ThingName
    /// Why the device went offline (`shutdown`, `reboot`, `connectionLost`); absent when online.
    public var reason: String? = nil
    /// Simulated epoch second of the change; absent in the last will (it is written at connect time).
    public var timestamp: Int? = nil

    /// Creates the retained presence record of a device.
    public init(state: PresenceState, thingName: ThingName, reason: String? = nil, timestamp: Int? = nil) {
        self.state = state
        self.thingName = thingName
        self.reason = reason
        self.timestamp = timestamp
    }

    /// The wire form.
    public var jsonValue: JSONValue {
        var fields: JSONObject = ["state": .string(state.rawValue), "thingName": .string(thingName.rawValue)]
        if let reason { fields["reason"] = .string(reason) }
        if let timestamp { fields["timestamp"] = .int(timestamp) }
        return .object(fields)
    }
}

/// Whether a device is connected.
public enum PresenceState: String, Sendable, Hashable, Codable {
    /// Connected.
    case online
    /// Disconnected (cleanly or by last will).
    case offline
}

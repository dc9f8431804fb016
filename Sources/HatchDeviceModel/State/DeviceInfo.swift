/// Hardware facts (`deviceInfo`): firmware `f`, `hwVersion`, and on battery products the battery
/// level `b` (0…100 %) and `powerStatus`.
public struct DeviceInfo: Sendable, Hashable, Codable {
    /// Firmware version.
    public var f: String
    /// Hardware version.
    public var hwVersion: String
    /// Battery level in percent; battery products only.
    public var b: Int?
    /// Power source; battery products only.
    public var powerStatus: PowerStatus?

    /// Creates device info.
    public init(f: String, hwVersion: String, b: Int? = nil, powerStatus: PowerStatus? = nil) {
        self.f = f
        self.hwVersion = hwVersion
        self.b = b
        self.powerStatus = powerStatus
    }

    /// The wire form.
    public var jsonValue: JSONValue {
        var fields: [String: JSONValue] = ["f": .string(f), "hwVersion": .string(hwVersion)]
        if let b { fields["b"] = .int(b) }
        if let powerStatus { fields["powerStatus"] = .string(powerStatus.rawValue) }
        return .object(fields)
    }
}

/// The power source of a battery product (`deviceInfo.powerStatus`).
public enum PowerStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Unplugged, draining the battery.
    case battery
    /// Plugged in and charging.
    case charging
    /// Plugged in, battery full.
    case charged

    /// Whether the device is on external power.
    public var isPluggedIn: Bool { self != .battery }
}

/// Hardware facts (`deviceInfo`): firmware `f`, firmware-update result `fR`, `hwVersion`, and on
/// battery products the battery level `b` (0…100 %) and `powerStatus`, as the firmware reports them
/// (`{"b": 100, "f": "7.1.368", "fR": 0, "hwVersion": "8.0.0", "powerStatus": 5}` on a Rest+ 2nd gen).
public struct DeviceInfo: Sendable, Hashable, Codable {
    /// Firmware version.
    public var f: String
    /// Result of the last firmware update (0: none failed).
    public var fR: Int = 0
    /// Hardware version.
    public var hwVersion: String
    /// Battery level in percent; battery products only.
    public var b: Int? = nil
    /// Charging state; battery products only.
    public var powerStatus: PowerStatus? = nil

    /// Creates the hardware facts; battery fields stay `nil` on mains-powered products.
    public init(f: String, fR: Int = 0, hwVersion: String, b: Int? = nil, powerStatus: PowerStatus? = nil) {
        self.f = f
        self.fR = fR
        self.hwVersion = hwVersion
        self.b = b
        self.powerStatus = powerStatus
    }

    /// Decodes leniently: an absent `fR` is 0.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        f = try c.decode(String.self, forKey: .f)
        fR = try c.decodeIfPresent(Int.self, forKey: .fR) ?? 0
        hwVersion = try c.decode(String.self, forKey: .hwVersion)
        b = try c.decodeIfPresent(Int.self, forKey: .b)
        powerStatus = try c.decodeIfPresent(PowerStatus.self, forKey: .powerStatus)
    }

    /// The wire form.
    public var jsonValue: JSONValue {
        var fields: JSONObject = ["f": .string(f), "fR": .int(fR), "hwVersion": .string(hwVersion)]
        if let b { fields["b"] = .int(b) }
        if let powerStatus { fields["powerStatus"] = .int(powerStatus.rawValue) }
        return .object(fields)
    }
}

/// The charging state of a battery product (`deviceInfo.powerStatus`), an integer on the wire. The
/// values are the vendor client's (`hatch-rest-api`, `RestIot.charging_status`: "0 = Not Charging,
/// 3 = Charging, plugged in, 5 = Charging, on base"); a full battery on its base still reports 5.
public enum PowerStatus: Int, Sendable, Hashable, Codable, CaseIterable {
    /// Unplugged, running on the battery.
    case notCharging = 0
    /// Charging from a cable.
    case pluggedIn = 3
    /// Charging on its base.
    case onBase = 5

    /// Whether the device is on external power.
    public var isPluggedIn: Bool { self != .notCharging }

    /// Decodes the integer; the names of earlier state folders (`battery`, `charging`, `charged`)
    /// are still read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self), let status = PowerStatus(rawValue: number) {
            self = status
            return
        }
        switch try? container.decode(String.self) {
        case "battery"?: self = .notCharging
        case "charging"?: self = .pluggedIn
        case "charged"?: self = .onBase
        default:
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "powerStatus must be 0, 3 or 5")
        }
    }
}

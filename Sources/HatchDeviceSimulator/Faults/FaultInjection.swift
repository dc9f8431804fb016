import HatchDeviceModel

/// A fault and the devices it hits: named devices (name, MAC or thing name), a share of the
/// fleet (chosen deterministically from `seed`), or all devices.
public struct FaultInjection: Sendable, Hashable {
    /// Which devices.
    public enum Target: Sendable, Hashable {
        /// Devices by name, MAC address or thing name.
        case devices([String])
        /// A share 0…1 of the fleet, picked with a seeded generator.
        case share(Double, seed: UInt64)
        /// Every device.
        case all
    }

    /// The fault.
    public var kind: FaultKind
    /// The devices.
    public var target: Target
    /// Real seconds after the fleet started (fleet files only; `nil` = now).
    public var after: Double?

    /// Creates an injection.
    public init(kind: FaultKind, target: Target, after: Double? = nil) {
        self.kind = kind
        self.target = target
        self.after = after
    }

    /// The control-topic form: `{"fault": "reboot", "devices": ["Nursery"], "share": 0.1, …parameters}`.
    public var jsonValue: JSONValue {
        var fields: [String: JSONValue] = ["fault": .string(kind.name)]
        for (key, value) in kind.parameters { fields[key] = .double(value) }
        switch target {
        case .devices(let names): fields["devices"] = .array(names.map { .string($0) })
        case .share(let share, let seed):
            fields["share"] = .double(share)
            fields["seed"] = .int(Int(truncatingIfNeeded: seed))
        case .all: fields["all"] = true
        }
        if let after { fields["after"] = .double(after) }
        return .object(fields)
    }

    /// Reads the control-topic form.
    public init(jsonValue: JSONValue) throws(FaultParseError) {
        guard let fields = jsonValue.objectValue, let name = fields["fault"]?.stringValue else {
            throw .invalidTarget("the request needs a 'fault' name")
        }
        var parameters: [String: Double] = [:]
        for (key, value) in fields { if let number = value.doubleValue { parameters[key] = number } }
        kind = try FaultKind.make(name: name, parameters: parameters)
        if let devices = fields["devices"]?.arrayValue {
            target = .devices(devices.compactMap(\.stringValue))
        } else if let share = fields["share"]?.doubleValue {
            guard (0...1).contains(share) else { throw .invalidTarget("share must be 0…1") }
            target = .share(share, seed: UInt64(truncatingIfNeeded: fields["seed"]?.intValue ?? 1))
        } else if fields["all"]?.boolValue == true {
            target = .all
        } else {
            throw .invalidTarget("name 'devices', a 'share' 0…1, or 'all': true")
        }
        after = fields["after"]?.doubleValue
    }
}

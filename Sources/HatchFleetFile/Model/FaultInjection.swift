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
    public var after: Double? = nil

    /// Creates a fault and the devices it hits.
    public init(kind: FaultKind, target: Target, after: Double? = nil) {
        self.kind = kind
        self.target = target
        self.after = after
    }

    /// The control-topic form: `{"fault": "reboot", "devices": ["Nursery"], "share": 0.1, …parameters}`.
    public var jsonValue: JSONValue {
        var fields: JSONObject = ["fault": .string(kind.name)]
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

    /// The fields a fault description may carry besides its fault's own parameters.
    static let targetFields: Set<String> = ["fault", "devices", "share", "seed", "all", "after"]

    /// Reads the control-topic form; every field is checked (type, range, known name), and an
    /// error names the field.
    public init(jsonValue: JSONValue) throws(FaultParseError) {
        guard let fields = jsonValue.objectValue else { throw .invalidTarget("the request must be a JSON object") }
        guard let nameValue = fields["fault"] else { throw .invalidTarget("the request needs a 'fault' name") }
        guard let name = nameValue.stringValue else { throw .invalidField(field: "fault", reason: "must be a fault name (a string)") }
        let parameterNames = try FaultKind.parameterNames(of: name)
        var parameters: [String: Double] = [:]
        for key in fields.keys.sorted() {
            let value = fields[key]!
            if parameterNames.contains(key) {
                guard let number = value.doubleValue else { throw .invalidField(field: key, reason: "must be a number") }
                parameters[key] = number
            } else if !Self.targetFields.contains(key) {
                let allowed = Self.targetFields.union(parameterNames).sorted().joined(separator: ", ")
                throw .invalidField(field: key, reason: "unknown field for fault \(name); allowed: \(allowed)")
            }
        }
        kind = try FaultKind.make(name: name, parameters: parameters)
        if let value = fields["all"], value.boolValue != true {
            throw .invalidField(field: "all", reason: "must be true (or left out)")
        }
        if let value = fields["devices"] {
            guard let list = value.arrayValue, !list.isEmpty else {
                throw .invalidField(field: "devices", reason: "must be a non-empty list of device names, MACs or thing names")
            }
            var names: [String] = []
            for (index, element) in list.enumerated() {
                guard let text = element.stringValue, !text.isEmpty else {
                    throw .invalidField(field: "devices[\(index)]", reason: "must be a device name, MAC or thing name (a non-empty string)")
                }
                names.append(text)
            }
            guard fields["all"] == nil else { throw .invalidTarget("name 'devices' or 'all', not both") }
            target = .devices(names)
        } else if fields["all"] != nil {
            target = .all
        } else if let value = fields["share"] {
            guard let share = value.doubleValue, (0...1).contains(share) else { throw .invalidField(field: "share", reason: "must be a number 0…1") }
            var seed: UInt64 = 1
            if let seedValue = fields["seed"] {
                guard let number = seedValue.intValue else { throw .invalidField(field: "seed", reason: "must be a whole number") }
                seed = UInt64(truncatingIfNeeded: number)
            }
            target = .share(share, seed: seed)
        } else {
            throw .invalidTarget("name 'devices', a 'share' 0…1, or 'all': true")
        }
        if let value = fields["after"] {
            guard let seconds = value.doubleValue, (0...Self.maximumAfter).contains(seconds) else {
                throw .invalidField(field: "after", reason: "must be 0…\(Int(Self.maximumAfter)) real seconds")
            }
            after = seconds
        }
    }

    /// The latest a scheduled fault may start: a day of real time.
    public static let maximumAfter: Double = 86_400
}

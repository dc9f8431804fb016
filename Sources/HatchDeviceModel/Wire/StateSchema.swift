import Foundation

/// The types and ranges of the known shadow fields. The shadow service checks every `desired`
/// and `reported` patch against it and answers 400 naming the field when a value has the wrong
/// type or is out of range. Unknown fields are accepted (as AWS does) and simply stay unapplied.
public indirect enum StateSchema: Sendable {
    /// An object with known fields.
    case object([String: StateSchema])
    /// An integer in a range.
    case integer(ClosedRange<Int>)
    /// `true` or `false`.
    case boolean
    /// Any string.
    case string
    /// One of a fixed set of strings.
    case oneOf([String])
    /// One of a fixed set of integers.
    case oneOfIntegers([Int])
    /// `HH:mm:ss` (`HH:mm` is read too).
    case timeOfDay
    /// An IANA time zone identifier.
    case timeZone

    /// Any object: the state of a named shadow, which apps fill with fields of their own (AWS IoT
    /// checks only the document's shape, size and depth).
    public static let anyObject = StateSchema.object([:])

    /// The schema of a Restore-family shadow state.
    public static let shadowState: StateSchema = {
        let scale = StateSchema.integer(0...WireConstants.fullScale)
        let nonNegative = StateSchema.integer(0...Int(Int32.max))
        let until = StateSchema.oneOf(PlaybackUntil.allCases.map(\.rawValue))
        return .object([
            "current": .object([
                "srId": nonNegative, "step": .integer(0...1000), "paused": .boolean,
                "playing": .oneOf(PlayingMode.allCases.map(\.rawValue)),
                "color": .object(["id": nonNegative, "r": scale, "g": scale, "b": scale, "w": scale, "i": scale,
                                  "duration": nonNegative, "until": until]),
                "sound": .object(["id": nonNegative, "v": scale, "mute": .boolean, "url": .string,
                                  "duration": nonNegative, "until": until]),
            ]),
            "clock": .object([
                "i": .integer(0...Int(UInt32.max)), "flags": .integer(0...0xFFFF),
                "turnOffMode": .oneOf(ClockTurnOffMode.allCases.map(\.rawValue)),
                "turnOnAt": .timeOfDay, "turnOffAt": .timeOfDay, "turnDimAt": .timeOfDay, "turnBrightAt": .timeOfDay,
            ]),
            "toddlerLock": .object([
                "turnOnMode": .oneOf(ToddlerLockMode.allCases.map(\.rawValue)), "turnOnAt": .timeOfDay, "turnOffAt": .timeOfDay,
            ]),
            "toddlerLockOn": .boolean, "nightlightOn": .boolean, "nightlightIntensity": scale,
            "alarmsDisabled": .boolean, "snoozeDuration": .integer(60...3600),
            "snooze": .object(["active": .boolean, "startTime": nonNegative]),
            "deviceInfo": .object(["f": .string, "fR": .integer(0...255), "hwVersion": .string, "b": .integer(0...100),
                                   "powerStatus": .oneOfIntegers(PowerStatus.allCases.map(\.rawValue))]),
            "connected": .boolean, "rssi": .integer(-127...0), "timezone": .timeZone, "lastReset": .string,
        ])
    }()

    /// The first problem in `value` as a sentence naming the field (`current.sound.v must be an
    /// integer 0…65535`), or `nil`. `null` is always allowed (it deletes the field).
    public func problem(in value: JSONValue, path: String = "") -> String? {
        if value.isNull { return nil }
        let name = path.isEmpty ? "state" : path
        switch self {
        case .object(let fields):
            guard let object = value.objectValue else { return "\(name) must be an object, not \(value.typeDescription)" }
            for key in object.keys.sorted() {
                guard let rule = fields[key], let child = object[key] else { continue }
                if let problem = rule.problem(in: child, path: path.isEmpty ? key : path + "." + key) { return problem }
            }
            return nil
        case .integer(let range):
            guard let number = value.intValue else { return "\(name) must be an integer, not \(value.typeDescription)" }
            return range.contains(number) ? nil : "\(name) must be \(range.lowerBound)…\(range.upperBound), not \(number)"
        case .boolean:
            return value.boolValue == nil ? "\(name) must be true or false, not \(value.typeDescription)" : nil
        case .string:
            return value.stringValue == nil ? "\(name) must be a string, not \(value.typeDescription)" : nil
        case .oneOf(let options):
            guard let text = value.stringValue, options.contains(text) else {
                return "\(name) must be one of \(options.joined(separator: ", "))"
            }
            return nil
        case .oneOfIntegers(let options):
            guard let number = value.intValue, options.contains(number) else {
                return "\(name) must be one of \(options.map(String.init).joined(separator: ", "))"
            }
            return nil
        case .timeOfDay:
            guard let text = value.stringValue, (try? TimeOfDay(parsing: text)) != nil else {
                return "\(name) must be a time of day HH:mm:ss"
            }
            return nil
        case .timeZone:
            guard let text = value.stringValue, TimeZone(identifier: text) != nil else {
                return "\(name) must be an IANA time zone such as Europe/Berlin"
            }
            return nil
        }
    }
}

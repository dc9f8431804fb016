/// A fault the fleet can inject into a device, from the fleet file, the CLI or the control topic.
public enum FaultKind: Sendable, Hashable {
    /// Close the socket without DISCONNECT (the broker publishes the last will), reconnect after
    /// `reconnectAfter` real seconds (0 = at once).
    case dropConnection(reconnectAfter: Double)
    /// Drop the connection and stay offline for `seconds` real seconds.
    case offline(seconds: Double)
    /// Reboot: go offline, reload settings from the state folder, update `lastReset`, reconnect.
    case reboot
    /// Delay every reply by `milliseconds` for `seconds` real seconds (0 = until cleared).
    case delayReplies(milliseconds: Int, seconds: Double)
    /// Reject the next `count` shadow updates with 503.
    case rejectUpdates(count: Int)
    /// Silently drop `share` (0…1) of incoming requests for `seconds` real seconds (0 = until cleared).
    case dropCommands(share: Double, seconds: Double)
    /// Plug a battery device in or unplug it (not a fault, but injected the same way).
    case power(pluggedIn: Bool)
    /// Clear delays, drops and pending rejections.
    case clear

    /// The name used in fleet files, the CLI and the control topic.
    public var name: String {
        switch self {
        case .dropConnection: return "dropConnection"
        case .offline: return "offline"
        case .reboot: return "reboot"
        case .delayReplies: return "delayReplies"
        case .rejectUpdates: return "rejectUpdates"
        case .dropCommands: return "dropCommands"
        case .power(let plugged): return plugged ? "plugIn" : "unplug"
        case .clear: return "clear"
        }
    }

    /// All names, for help texts and error messages.
    public static let names = ["dropConnection", "offline", "reboot", "delayReplies", "rejectUpdates", "dropCommands", "plugIn", "unplug", "clear"]

    /// Builds a fault from its name and parameters (`seconds`, `milliseconds`, `count`, `share`,
    /// `reconnectAfter`); throws a message naming the bad parameter.
    public static func make(name: String, parameters: [String: Double]) throws(FaultParseError) -> FaultKind {
        func value(_ key: String, default fallback: Double? = nil, range: ClosedRange<Double>) throws(FaultParseError) -> Double {
            guard let number = parameters[key] ?? fallback else { throw .missingParameter(fault: name, parameter: key) }
            guard range.contains(number) else { throw .parameterOutOfRange(fault: name, parameter: key, range: range) }
            return number
        }
        switch name {
        case "dropConnection": return .dropConnection(reconnectAfter: try value("reconnectAfter", default: 0, range: 0...86_400))
        case "offline": return .offline(seconds: try value("seconds", range: 0...86_400))
        case "reboot": return .reboot
        case "delayReplies":
            return .delayReplies(milliseconds: Int(try value("milliseconds", range: 0...60_000)), seconds: try value("seconds", default: 0, range: 0...86_400))
        case "rejectUpdates": return .rejectUpdates(count: Int(try value("count", default: 1, range: 1...1_000_000)))
        case "dropCommands":
            return .dropCommands(share: try value("share", range: 0...1), seconds: try value("seconds", default: 0, range: 0...86_400))
        case "plugIn": return .power(pluggedIn: true)
        case "unplug": return .power(pluggedIn: false)
        case "clear": return .clear
        default: throw .unknownFault(name)
        }
    }

    /// The parameter names fault `name` takes; throws ``FaultParseError/unknownFault(_:)`` for an unknown name.
    public static func parameterNames(of name: String) throws(FaultParseError) -> Set<String> {
        switch name {
        case "dropConnection": return ["reconnectAfter"]
        case "offline": return ["seconds"]
        case "delayReplies": return ["milliseconds", "seconds"]
        case "rejectUpdates": return ["count"]
        case "dropCommands": return ["share", "seconds"]
        case "reboot", "plugIn", "unplug", "clear": return []
        default: throw .unknownFault(name)
        }
    }

    /// The parameters, as written in fleet files and control requests.
    public var parameters: [String: Double] {
        switch self {
        case .dropConnection(let after): return ["reconnectAfter": after]
        case .offline(let seconds): return ["seconds": seconds]
        case .delayReplies(let ms, let seconds): return ["milliseconds": Double(ms), "seconds": seconds]
        case .rejectUpdates(let count): return ["count": Double(count)]
        case .dropCommands(let share, let seconds): return ["share": share, "seconds": seconds]
        case .reboot, .power, .clear: return [:]
        }
    }
}

/// Why a fault description could not be read.
public enum FaultParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a known fault name.
    case unknownFault(String)
    /// A required parameter is missing.
    case missingParameter(fault: String, parameter: String)
    /// A parameter is outside its range.
    case parameterOutOfRange(fault: String, parameter: String, range: ClosedRange<Double>)
    /// The target is malformed.
    case invalidTarget(String)
    /// A field has the wrong type, is out of range or is not known.
    case invalidField(field: String, reason: String)

    /// What went wrong and what to write instead.
    public var description: String {
        switch self {
        case .unknownFault(let name): return "unknown fault '\(name)'; use one of \(FaultKind.names.joined(separator: ", "))"
        case .missingParameter(let fault, let parameter): return "fault \(fault) needs '\(parameter)'"
        case .parameterOutOfRange(let fault, let parameter, let range):
            return "fault \(fault): '\(parameter)' must be \(range.lowerBound)…\(range.upperBound)"
        case .invalidTarget(let reason): return "invalid fault target: \(reason)"
        case .invalidField(let field, let reason): return "'\(field)' \(reason)"
        }
    }
}

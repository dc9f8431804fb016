/// The toddler lock (`toddlerLock`): buttons disabled always, never, or in a daily window.
public struct ToddlerLockState: Sendable, Hashable, Codable {
    /// When the lock is active.
    public var turnOnMode: ToddlerLockMode
    /// Start of the custom window (`HH:mm:ss` on the wire).
    public var turnOnAt: TimeOfDay
    /// End of the custom window (`HH:mm:ss` on the wire).
    public var turnOffAt: TimeOfDay

    /// Creates a toddler lock state.
    public init(turnOnMode: ToddlerLockMode, turnOnAt: TimeOfDay, turnOffAt: TimeOfDay) {
        self.turnOnMode = turnOnMode
        self.turnOnAt = turnOnAt
        self.turnOffAt = turnOffAt
    }

    /// Whether the lock is engaged at `time` (reported as `toddlerLockOn`).
    public func isLocked(at time: TimeOfDay) -> Bool {
        switch turnOnMode {
        case .never: return false
        case .always: return true
        case .custom: return time.isWithin(from: turnOnAt, to: turnOffAt)
        }
    }

    /// The wire form.
    public var jsonValue: JSONValue {
        ["turnOnMode": .string(turnOnMode.rawValue), "turnOnAt": .string(turnOnAt.wireValue),
         "turnOffAt": .string(turnOffAt.wireValue)]
    }
}

/// When the toddler lock is active (`toddlerLock.turnOnMode`).
public enum ToddlerLockMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Never locked.
    case never
    /// Always locked.
    case always
    /// Locked from `turnOnAt` to `turnOffAt`.
    case custom
}

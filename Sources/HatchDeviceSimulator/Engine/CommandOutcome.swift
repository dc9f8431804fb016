import HatchDeviceModel

/// What the engine did with a desired-state patch: the part it applied (the device clears those
/// fields from `state.desired` when it reports) and the part it could not apply (left in
/// `state.desired`, so it stays visible on `/update/delta`).
public struct CommandOutcome: Sendable, Hashable {
    /// Fields applied, as a partial document.
    public var applied: JSONValue = .emptyObject
    /// Fields not applied (missing hardware, unknown routine, read-only field), as a partial document.
    public var unapplied: JSONValue = .emptyObject
    /// Events caused by the command.
    public var events: [EngineEvent] = []

    /// Creates what the engine did with a desired-state patch.
    public init(applied: JSONValue = .emptyObject, unapplied: JSONValue = .emptyObject, events: [EngineEvent] = []) {
        self.applied = applied
        self.unapplied = unapplied
        self.events = events
    }

    /// The `desired` patch that clears the applied fields (each applied leaf set to `null`).
    public var clearingPatch: JSONValue? {
        let paths = applied.leafPaths.filter { !$0.isEmpty }
        guard !paths.isEmpty else { return nil }
        var patch = JSONValue.emptyObject
        for path in paths { patch[path: path] = .null }
        return patch
    }
}

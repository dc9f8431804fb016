import HatchDeviceModel

/// One device's shadow as the page's shadow panel shows it: the AWS IoT document (version,
/// desired, reported, the delta between them and each field's metadata timestamp), and the fields
/// the last update changed, to highlight.
package struct ShadowPanel: Sendable, Hashable, Codable {
    /// The device's thing name.
    package var thing: String
    /// The document's version.
    package var version: Int
    /// When the shadow last changed (Unix seconds), as the service stamped it.
    package var timestamp: Int?
    /// `state.desired`, or `nil` when nothing is desired.
    package var desired: JSONValue?
    /// `state.reported`.
    package var reported: JSONValue?
    /// The desired fields that differ from the reported ones, as AWS computes `state.delta`.
    package var delta: JSONValue?
    /// `metadata`: `{desired: …, reported: …}` with a `{timestamp}` per leaf.
    package var metadata: JSONValue?
    /// Dotted paths of the leaves the last update changed (`reported.current.color.r`).
    package var updated: [String]

    /// Creates a panel's document.
    package init(thing: String, version: Int, timestamp: Int?, desired: JSONValue?, reported: JSONValue?, delta: JSONValue?,
                 metadata: JSONValue?, updated: [String]) {
        self.thing = thing
        self.version = version
        self.timestamp = timestamp
        self.desired = desired
        self.reported = reported
        self.delta = delta
        self.metadata = metadata
        self.updated = updated
    }

    /// The panel of a full document as `get/accepted` or `update/documents` (`current`) carry it:
    /// `{state: {desired, reported, delta?}, metadata, version, timestamp?}`. `previous`, when given,
    /// names the leaves that changed.
    package init?(thing: String, document: JSONValue, previous: JSONValue? = nil, timestamp: Int? = nil) {
        guard let fields = document.objectValue, let version = fields["version"]?.intValue else { return nil }
        let state = fields["state"]?.objectValue ?? JSONObject()
        let desired = state["desired"], reported = state["reported"]
        let delta = state["delta"] ?? desired.flatMap { Self.delta(desired: $0, reported: reported) }
        var updated: [String] = []
        if let previous {
            let before = previous.objectValue?["state"]?.objectValue ?? JSONObject()
            for part in ["desired", "reported"] {
                updated += Self.changedLeaves(before[part], state[part], path: part)
            }
        }
        self.init(thing: thing, version: version, timestamp: timestamp ?? fields["timestamp"]?.intValue, desired: desired, reported: reported,
                  delta: delta, metadata: fields["metadata"], updated: updated)
    }

    /// AWS's delta: each desired field whose reported value differs or is missing (objects compared
    /// field by field, arrays and values whole); `nil` when they agree.
    package static func delta(desired: JSONValue, reported: JSONValue?) -> JSONValue? {
        guard let wanted = desired.objectValue else { return desired == reported ? nil : desired }
        let have = reported?.objectValue
        var differing: [(String, JSONValue)] = []
        for (key, value) in wanted {
            let current = have?[key]
            if value.objectValue != nil, current?.objectValue != nil {
                if let inner = delta(desired: value, reported: current) { differing.append((key, inner)) }
            } else if value != current {
                differing.append((key, value))
            }
        }
        return differing.isEmpty ? nil : .object(JSONObject(differing))
    }

    /// The dotted paths of the leaves that differ between `before` and `after`.
    static func changedLeaves(_ before: JSONValue?, _ after: JSONValue?, path: String) -> [String] {
        if let old = before?.objectValue, let new = after?.objectValue {
            let keys = new.keys + old.keys.filter { new[$0] == nil }
            return keys.flatMap { key in changedLeaves(old[key], new[key], path: "\(path).\(key)") }
        }
        if before == after { return [] }
        if let new = after?.objectValue { return new.flatMap { changedLeaves(nil, $0.value, path: "\(path).\($0.key)") } }
        return [path]
    }
}

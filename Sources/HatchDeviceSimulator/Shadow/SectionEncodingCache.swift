import HatchDeviceModel

/// The encoded JSON of one stored shadow node (`state.reported`, `metadata.reported`), field by
/// field and level by level, kept across updates: a device report touches a few leaves, so the
/// `/update/documents` payload re-encodes only those and copies the rest.
struct SectionEncodingCache: Sendable {
    /// One field of an object node: `"key":value` once encoded, and the cache of its own fields
    /// when the value is an object.
    private struct Section: Sendable {
        var key: String
        var encoded: [UInt8]?
        var fields: SectionEncodingCache?
    }

    /// The node's fields in sorted key order; empty when unknown.
    private var sections: [Section] = []
    private var positions: [String: Int] = [:]

    /// Forgets what `patch` touched; a whole level when the patch adds or removes one of its keys.
    mutating func invalidate(touchedBy patch: JSONValue) {
        guard case .object(let fields) = patch else { return reset() }
        for (key, value) in fields {
            guard !value.isNull, let position = positions[key] else { return reset() }
            sections[position].encoded = nil
            if case .object = value, sections[position].fields != nil {
                sections[position].fields!.invalidate(touchedBy: value)
            } else {
                sections[position].fields = nil
            }
        }
    }

    /// Forgets everything (the node was replaced or pruned).
    mutating func reset() {
        sections = []
        positions = [:]
    }

    /// Appends `node` as compact JSON with sorted keys, reusing what was encoded before.
    mutating func write(_ node: JSONValue, into output: inout [UInt8]) {
        guard case .object(let fields) = node else { return node.write(into: &output) }
        if sections.count != fields.count {
            sections = fields.keys.sorted().map { Section(key: $0) }
            positions = Dictionary(uniqueKeysWithValues: sections.enumerated().map { ($1.key, $0) })
        }
        output.append(UInt8(ascii: "{"))
        for position in sections.indices {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            if let encoded = sections[position].encoded {
                output.append(contentsOf: encoded)
                continue
            }
            let key = sections[position].key
            var encoded: [UInt8] = []
            JSONValue.string(key).write(into: &encoded)
            encoded.append(UInt8(ascii: ":"))
            let value = fields[key]!
            if case .object = value {
                var nested = sections[position].fields.take() ?? SectionEncodingCache()
                nested.write(value, into: &encoded)
                sections[position].fields = nested
            } else {
                value.write(into: &encoded)
            }
            sections[position].encoded = encoded
            output.append(contentsOf: encoded)
        }
        output.append(UInt8(ascii: "}"))
    }
}

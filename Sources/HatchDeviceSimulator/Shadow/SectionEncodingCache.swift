import HatchDeviceModel

/// The encoded JSON of each top-level field of one stored shadow node (`state.reported`,
/// `metadata.reported`), kept across updates: a device report touches a few sections, so the
/// `/update/documents` payload re-encodes only those and copies the rest.
struct SectionEncodingCache: Sendable {
    /// The node's keys in sorted order, each with `"key":value` once encoded; empty when unknown.
    private var sections: [(key: String, encoded: [UInt8]?)] = []
    private var positions: [String: Int] = [:]

    /// Forgets the sections `patch` touched; everything when it adds or removes a key.
    mutating func invalidate(touchedBy patch: JSONValue) {
        guard case .object(let fields) = patch else { return reset() }
        for (key, value) in fields {
            guard !value.isNull, let position = positions[key] else { return reset() }
            sections[position].encoded = nil
        }
    }

    /// Forgets every section (the node was replaced or pruned).
    mutating func reset() {
        sections = []
        positions = [:]
    }

    /// Appends `node` as compact JSON with sorted keys, reusing the sections encoded before.
    mutating func write(_ node: JSONValue, into output: inout [UInt8]) {
        guard case .object(let fields) = node else { return node.write(into: &output) }
        if sections.count != fields.count {
            sections = fields.keys.sorted().map { ($0, nil) }
            positions = Dictionary(uniqueKeysWithValues: sections.enumerated().map { ($1.key, $0) })
        }
        output.append(UInt8(ascii: "{"))
        for position in sections.indices {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            if let encoded = sections[position].encoded {
                output.append(contentsOf: encoded)
            } else {
                let key = sections[position].key
                var encoded: [UInt8] = []
                JSONValue.string(key).write(into: &encoded)
                encoded.append(UInt8(ascii: ":"))
                fields[key]!.write(into: &encoded)
                sections[position].encoded = encoded
                output.append(contentsOf: encoded)
            }
        }
        output.append(UInt8(ascii: "}"))
    }
}

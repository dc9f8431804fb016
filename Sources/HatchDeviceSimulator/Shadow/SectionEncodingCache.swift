import HatchDeviceModel

/// The encoded JSON of each top-level field of one stored shadow node (`state.reported`,
/// `metadata.reported`), kept across updates: a device report touches a few sections, so the
/// `/update/documents` payload re-encodes only those and copies the rest. One level only: deeper
/// caches cost more memory across 10,000 devices than they save time.
struct SectionEncodingCache: Sendable {
    /// The node's keys in sorted order, each with `"key":value` once encoded; empty when unknown.
    private var sections: [(key: String, encoded: [UInt8]?)] = []

    /// Forgets the sections `patch` touched; everything when it adds or removes a key.
    mutating func invalidate(touchedBy patch: JSONValue) {
        guard case .object(let fields) = patch else { return reset() }
        for (key, value) in fields {
            guard !value.isNull, let position = position(of: key) else { return reset() }
            sections[position].encoded = nil
        }
    }

    /// Forgets every section (the node was replaced or pruned).
    mutating func reset() {
        sections = []
    }

    /// Appends `node` as compact JSON with sorted keys, reusing the sections encoded before.
    mutating func write(_ node: JSONValue, into output: inout [UInt8]) {
        guard case .object(let fields) = node else { return node.write(into: &output) }
        if sections.count != fields.count {
            sections = fields.keys.sorted().map { ($0, nil) }
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

    /// Where `key` is among the sorted sections (binary search; no index dictionary per device).
    private func position(of key: String) -> Int? {
        var low = 0, high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if sections[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low < sections.count && sections[low].key == key ? low : nil
    }
}

import HatchDeviceModel

/// The last encoding of a stored shadow document as `/update/documents` shows it (compact JSON,
/// sorted keys), with where each top-level section of `metadata.reported` and `state.reported`
/// lies in it. A device report's `previous` is these bytes as they are, and its `current` copies
/// the sections the report did not touch and encodes only the rest.
///
/// One buffer per device and two small tables of offsets: cheaper in memory than a buffer per
/// section, and `previous` costs nothing to produce.
struct DocumentEncodingCache: Sendable {
    /// `"key":value` of one section, at `start..<end` of ``bytes``; `clean` while it still matches the document.
    private struct Section: Sendable {
        var key: String
        var start: Int32
        var end: Int32
        var clean: Bool
    }

    private var bytes: [UInt8] = []
    /// Whether ``bytes`` still encodes the document (nothing changed since it was encoded).
    private var current = false
    private var metadataSections: [Section] = []
    private var stateSections: [Section] = []

    /// The encoding of `document`: the bytes kept from last time when it has not changed since,
    /// else a new encoding that reuses every clean section.
    mutating func encoded(_ document: ShadowDocument) -> [UInt8] {
        if current { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(max(512, bytes.count + 256))
        output.append(contentsOf: #"{"metadata":{"#.utf8)
        Self.write(desired: document.desiredMetadata, reported: document.reportedMetadata, sections: &metadataSections, old: bytes, into: &output)
        output.append(contentsOf: #"},"state":{"#.utf8)
        Self.write(desired: document.desired, reported: document.reported, sections: &stateSections, old: bytes, into: &output)
        output.append(contentsOf: #"},"version":"#.utf8)
        JSONValue.writeInteger(document.version, into: &output)
        output.append(UInt8(ascii: "}"))
        bytes = output
        current = true
        return output
    }

    /// The document changed outside `state.reported` and `metadata.reported` (desired, version).
    mutating func documentChanged() {
        current = false
    }

    /// `patch` was merged into `state.reported` (`metadata: false`) or `metadata.reported`: forgets the
    /// sections it touched; everything when it adds or removes a key.
    mutating func invalidate(touchedBy patch: JSONValue, metadata: Bool) {
        current = false
        if metadata { Self.invalidate(&metadataSections, touchedBy: patch) } else { Self.invalidate(&stateSections, touchedBy: patch) }
    }

    /// `state.reported` (`metadata: false`) or `metadata.reported` was replaced or pruned: forgets all its sections.
    mutating func reset(metadata: Bool) {
        current = false
        if metadata { metadataSections = [] } else { stateSections = [] }
    }

    /// Forgets everything (the document was deleted).
    mutating func reset() {
        self = DocumentEncodingCache()
    }

    private static func invalidate(_ sections: inout [Section], touchedBy patch: JSONValue) {
        guard case .object(let fields) = patch else { return sections = [] }
        for (key, value) in fields {
            guard !value.isNull, let position = position(of: key, in: sections) else { return sections = [] }
            sections[position].clean = false
        }
    }

    /// Appends `"desired":…,"reported":{…}` (either may be absent), copying clean sections of `reported` from `old`.
    private static func write(desired: JSONValue?, reported: JSONValue?, sections: inout [Section], old: [UInt8], into output: inout [UInt8]) {
        if let desired {
            output.append(contentsOf: #""desired":"#.utf8)
            desired.write(into: &output)
        }
        guard let reported else { return sections = [] }
        if desired != nil { output.append(UInt8(ascii: ",")) }
        output.append(contentsOf: #""reported":"#.utf8)
        guard case .object(let fields) = reported else {
            sections = []
            return reported.write(into: &output)
        }
        if sections.count != fields.count {
            sections = fields.keys.sorted().map { Section(key: $0, start: 0, end: 0, clean: false) }
        }
        output.append(UInt8(ascii: "{"))
        for index in sections.indices {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            let start = output.count
            let section = sections[index]
            if section.clean {
                output.append(contentsOf: old[Int(section.start)..<Int(section.end)])
            } else {
                JSONValue.string(section.key).write(into: &output)
                output.append(UInt8(ascii: ":"))
                fields[section.key]!.write(into: &output)
            }
            sections[index] = Section(key: section.key, start: Int32(start), end: Int32(output.count), clean: true)
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Where `key` is among the sorted sections (binary search; no index dictionary per device).
    private static func position(of key: String, in sections: [Section]) -> Int? {
        var low = 0, high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if sections[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low < sections.count && sections[low].key == key ? low : nil
    }
}

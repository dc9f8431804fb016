import HatchDeviceModel

/// The last encoding of a stored shadow document as `/update/documents` shows it (compact JSON,
/// sorted keys), with where each field of `metadata.reported` and `state.reported` lies in it, and
/// for an object field that keeps changing (`current`, `current.color`, …) where each of its own
/// fields lies, at any depth. A device report's `previous` is these bytes as they are, and its
/// `current` copies what the report did not touch and encodes only the rest: a routine step
/// re-encodes the few light and sound levels it changed, not all of `current`.
///
/// One buffer per device and small tables of lengths, which follow the document's fields by
/// position (objects keep their fields in key order), so they hold no keys.
struct DocumentEncodingCache: Sendable {
    /// `"key":value` of one field: its length in ``bytes``, and ``clean`` while those bytes still
    /// match the document. Where it lies follows from the lengths of the fields before it (each
    /// followed by `,`), so a field that does not change is not written to: a report moves no
    /// offsets, and the walk over an object's clean fields only adds lengths.
    /// 16 bytes: whether it is clean is the sign of `length`, not a field of its own (a device keeps
    /// about a hundred of these).
    private struct Section: Sendable {
        /// The field's length; negated once it no longer matches the document, 0 if never encoded.
        private(set) var length: Int32 = 0
        /// The sections of the fields of an object-valued field (empty: encoded whole).
        var children: [Section] = []

        /// Whether the bytes of the field still encode it.
        var clean: Bool { length > 0 }
        /// Whether the field was encoded before (it may have changed since).
        var wasEncoded: Bool { length != 0 }
        /// The length of the field's last encoding, changed since or not.
        var encodedLength: Int { Int(length.magnitude) }

        /// Records the length of the field's up-to-date encoding.
        mutating func place(length: Int) {
            self.length = Int32(length)
        }

        /// The field changed: its bytes no longer encode it.
        mutating func markChanged() {
            if length > 0 { length = -length }
        }
    }

    /// Objects with fewer fields (a metadata leaf's `{"timestamp":N}`) are encoded whole: sections
    /// for them would cost more memory than their encoding costs time. So are objects until they
    /// change a second time.
    static let smallestSectionedObject = 3

    private var bytes: [UInt8] = []
    /// Whether ``bytes`` still encodes the document (nothing changed since it was encoded).
    private var current = false
    private var metadataSections: [Section] = []
    private var stateSections: [Section] = []
    /// Where the `{` of `metadata.reported` and of `state.reported` lie in ``bytes``: the first
    /// field of each follows it.
    private var reportedStarts: (metadata: Int32, state: Int32) = (0, 0)

    /// Makes the kept bytes encode `document` (the `previous` of the next `/update/documents`),
    /// encoding it again when it changed since, reusing every clean section.
    mutating func prepare(_ document: ShadowDocument) {
        guard !current else { return }
        var output = JSONByteWriter(capacity: max(512, bytes.count + 256))
        let range = encode(document, into: &output)
        keep(output, range)
    }

    /// The size of the kept bytes.
    var keptByteCount: Int { bytes.count }

    /// Appends the kept bytes: the document as encoded last (``prepare(_:)``, ``keep(_:_:)``).
    func appendKept(to output: inout JSONByteWriter) {
        output.append(bytes)
    }

    /// Appends the encoding of `document` to `output` (the `current` of an `/update/documents`
    /// payload, written in place), reusing every clean section of the kept bytes, and returns where
    /// it lies. The kept bytes stay as they were (the payload's `previous`) until ``keep(_:_:)``.
    mutating func encode(_ document: ShadowDocument, into output: inout JSONByteWriter) -> Range<Int> {
        let base = output.byteCount
        output.append(#"{"metadata":{"#)
        Self.write(desired: document.desiredMetadata, reported: document.reportedMetadata, sections: &metadataSections, old: bytes,
                   reportedStart: &reportedStarts.metadata, base: base, into: &output)
        output.append(#"},"state":{"#)
        Self.write(desired: document.desired, reported: document.reported, sections: &stateSections, old: bytes,
                   reportedStart: &reportedStarts.state, base: base, into: &output)
        output.append(#"},"version":"#)
        JSONValue.writeInteger(document.version, into: &output)
        output.append(UInt8(ascii: "}"))
        return base..<output.byteCount
    }

    /// Keeps `output[range]`, what ``encode(_:into:)`` wrote, for the next report. It is copied over
    /// the bytes it replaces when they have room (they were just read, so they are in the cache,
    /// and no allocation is made), else to a new buffer with a little room to spare: a document's
    /// size moves by a few bytes from report to report.
    mutating func keep(_ output: borrowing JSONByteWriter, _ range: Range<Int>) {
        output.withUnsafeBytes { written in
            let new = UnsafeRawBufferPointer(rebasing: written[range])
            if new.count <= bytes.capacity, bytes.capacity - new.count <= Self.keptSlack {
                bytes.removeAll(keepingCapacity: true)
                bytes.append(contentsOf: new)
            } else {
                bytes = Array(unsafeUninitializedCapacity: new.count + Self.keptSlack / 4) { buffer, count in
                    UnsafeMutableRawBufferPointer(buffer).copyMemory(from: new)
                    count = new.count
                }
            }
        }
        current = true
    }

    /// The most room the kept bytes may leave unused; past it they move to a new buffer with a quarter
    /// of it to spare.
    static let keptSlack = 256

    /// The document changed outside `state.reported` and `metadata.reported` (desired, version).
    mutating func documentChanged() {
        current = false
    }

    /// `patch` was merged into `state.reported` (`metadata: false`) or `metadata.reported`, which is
    /// now `merged`: forgets the sections it touched; everything when it added or removed a key.
    mutating func invalidate(touchedBy patch: JSONValue, merged: JSONValue?, metadata: Bool) {
        current = false
        if metadata {
            Self.invalidate(&metadataSections, touchedBy: patch, in: merged)
        } else {
            Self.invalidate(&stateSections, touchedBy: patch, in: merged)
        }
    }

    /// Merges `patch`, a report without nulls or empty objects, into `state.reported` and stamps its
    /// leaves with `leaf` in `metadata.reported`, forgetting only the sections it touched: one walk
    /// of each tree, where a merge and a pass over the sections took two, and no metadata tree is
    /// built for the report. Either node must be an object or absent.
    mutating func mergeReport(_ patch: JSONObject, leaf: JSONValue, reported: inout JSONValue?, metadata: inout JSONValue?) {
        current = false
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: FoundFields.capacity) { buffer in
            var found = FoundFields(buffer)
            // Arrays keep no nulls inside their objects, as a merge stores them.
            Self.mergeInPlace(patch, into: &reported, sections: &stateSections, tree: .state, found: &found) {
                $0.isPlainValue ? $0 : $0.removingNulls()
            }
            found.replay()
            Self.mergeInPlace(patch, into: &metadata, sections: &metadataSections, tree: .metadata, found: &found) {
                $0.metadata(leaf: leaf)
            }
        }
    }

    /// Where a report's keys were found in `state.reported`, in the order its merge met them.
    /// `metadata.reported` has the same shape, so its merge, which meets the keys in the same
    /// order, reads the field at each of these first: one field, where a binary search reads
    /// several, each a likely cache miss in a fleet of thousands. A position is only a guess (the
    /// key there is compared), so a metadata tree of another shape is merged just as correctly.
    private struct FoundFields {
        /// Positions kept for one report; the keys after them are searched for.
        static let capacity = 64
        private let positions: UnsafeMutableBufferPointer<Int32>
        private var count = 0
        private var cursor = 0
        private var recording = true

        init(_ positions: UnsafeMutableBufferPointer<Int32>) {
            self.positions = positions
        }

        /// From now on the positions are read back, from the first.
        mutating func replay() {
            recording = false
            cursor = 0
        }

        /// Where the next key is in `fields`: at the position the first merge found it, when it is
        /// there, else searched for from `start` (``JSONObject/index(of:in:from:)``). The first
        /// merge notes each position (-1: not found).
        mutating func index(of key: String, in fields: UnsafeMutableBufferPointer<JSONObject.Element>, from start: Int) -> Int? {
            if recording {
                let index = JSONObject.index(of: key, in: fields, from: start)
                if count < positions.count {
                    positions[count] = Int32(truncatingIfNeeded: index ?? -1)
                    count &+= 1
                }
                return index
            }
            if cursor < count {
                let guess = Int(positions[cursor])
                cursor &+= 1
                if guess >= start, guess < fields.count, fields[guess].key == key { return guess }
            }
            return JSONObject.index(of: key, in: fields, from: start)
        }
    }

    /// Merges `patch` into the object `node` (absent: empty), with each leaf it sets made by `stored`.
    /// A node built from nothing (the device's first report) shares the objects it holds with equal
    /// ones other devices stored (`SharedSubtrees`).
    private static func mergeInPlace(_ patch: JSONObject, into node: inout JSONValue?, sections: inout [Section],
                                     tree: SharedSubtrees.Tree, found: inout FoundFields, stored: (JSONValue) -> JSONValue) {
        var fields = node?.objectValue ?? [:]
        node = nil  // `fields` holds the only reference: the merge happens in place
        let built = fields.isEmpty
        merge(patch, into: &fields, sections: &sections, found: &found, stored: stored)
        if built {
            fields.withUnsafeMutableFields { fields in
                for index in fields.indices {
                    fields[index].value = SharedSubtrees.shared(fields[index].value, field: fields[index].key, in: tree)
                }
            }
        }
        node = .object(fields)
    }

    private static func merge(_ patch: JSONObject, into fields: inout JSONObject, sections: inout [Section],
                              found: inout FoundFields, stored: (JSONValue) -> JSONValue) {
        if sections.count != fields.count { sections = [] }
        if fields.isEmpty {
            // A new object (a device's first report): built at its exact size, as the stored
            // document keeps it from then on.
            fields = patch.mapValues(stored)
            return
        }
        // The fields the object has are replaced in place, in one walk; new ones are added after it.
        var missing = 0
        let tracked = !sections.isEmpty
        fields.withUnsafeMutableFields { fields in
            // Both are in key order: each key is looked for after the last one found.
            var next = 0
            for field in patch {
                guard let index = found.index(of: field.key, in: fields, from: next) else {
                    missing += 1
                    continue
                }
                next = index + 1
                if case .object(let inner) = field.value, case .object = fields[index].value {
                    var child = JSONValue.null
                    swap(&child, &fields[index].value)
                    guard case .object(var object) = child else { continue }
                    child = .null  // `object` is now the only reference
                    if tracked && !sections[index].children.isEmpty {
                        merge(inner, into: &object, sections: &sections[index].children, found: &found, stored: stored)
                    } else {
                        var untracked: [Section] = []
                        merge(inner, into: &object, sections: &untracked, found: &found, stored: stored)
                        if tracked { sections[index].children = [] }
                    }
                    fields[index].value = .object(object)
                } else {
                    let newValue = stored(field.value)
                    if case .object = newValue, fields[index].value.isObjectOtherThanMetadataLeaf {
                        // A leaf's metadata over an object's (the field was an object): merged into it, as a merge does.
                        fields[index].value.merge(newValue)
                    } else {
                        fields[index].value = newValue
                    }
                    if tracked && !sections[index].children.isEmpty { sections[index].children = [] }
                }
                if tracked { sections[index].markChanged() }
            }
        }
        guard missing > 0 else { return }
        // Room for every new field at once: inserting one by one grows the storage for appends,
        // which the stored document would keep unused. New fields move the ones after them, so the
        // object's sections are rebuilt.
        fields.reserveCapacity(fields.count + missing)
        for field in patch where fields.index(forKey: field.key) == nil {
            fields[field.key] = stored(field.value)
        }
        sections = []
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

    private static func invalidate(_ sections: inout [Section], touchedBy patch: JSONValue, in merged: JSONValue?) {
        guard case .object(let fields) = patch, case .object(let mergedFields)? = merged, sections.count == mergedFields.count else {
            return sections = []
        }
        for (key, value) in fields {
            guard !value.isNull, let index = mergedFields.index(forKey: key) else { return sections = [] }
            sections[index].markChanged()
            if case .object = value, !sections[index].children.isEmpty {
                invalidate(&sections[index].children, touchedBy: value, in: mergedFields[index].value)
            } else {
                sections[index].children = []
            }
        }
    }

    /// Appends `"desired":…,"reported":{…}` (either may be absent), copying clean sections of `reported` from `old`,
    /// where its `{` was at `reportedStart`; `reportedStart` becomes where it is now, relative to `base`,
    /// where the document starts in `output`.
    private static func write(desired: JSONValue?, reported: JSONValue?, sections: inout [Section], old: [UInt8],
                              reportedStart: inout Int32, base: Int, into output: inout JSONByteWriter) {
        if let desired {
            output.append(#""desired":"#)
            desired.write(into: &output)
        }
        guard let reported else { return sections = [] }
        if desired != nil { output.append(UInt8(ascii: ",")) }
        output.append(#""reported":"#)
        guard case .object(let fields) = reported else {
            sections = []
            return reported.write(into: &output)
        }
        let oldStart = Int(reportedStart)
        reportedStart = Int32(output.byteCount - base)
        old.withUnsafeBytes { old in
            write(fields, sections: &sections, old: old, oldStart: oldStart, into: &output)
        }
    }

    /// Appends `{…}` of `fields`: clean sections copied from `old`, where this object's `{` was at
    /// `oldStart`, the others encoded, and the length of every section that changed recorded.
    /// Neighbouring clean sections lie side by side in `old` too, so each run of them is one copy,
    /// and a run costs an addition per section, whatever its size.
    private static func write(_ fields: JSONObject, sections: inout [Section], old: UnsafeRawBufferPointer, oldStart: Int,
                              into output: inout JSONByteWriter) {
        if sections.count != fields.count { sections = Array(repeating: Section(), count: fields.count) }
        output.append(UInt8(ascii: "{"))
        sections.withUnsafeMutableBufferPointer { sections in
            fields.fields.withUnsafeBufferPointer { fields in
                // Where the field at `index` starts in `old` (every field but the last is followed by `,`).
                var oldCursor = oldStart &+ 1
                var index = 0
                while index < fields.count {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    if sections[index].clean {
                        // A run of clean sections: one copy (the `,` between two of them comes with it).
                        let runStart = oldCursor
                        while index < fields.count, sections[index].clean {
                            oldCursor &+= sections[index].encodedLength &+ 1
                            index &+= 1
                        }
                        output.append(UnsafeRawBufferPointer(rebasing: old[runStart..<(oldCursor &- 1)]))
                        continue
                    }
                    let start = output.byteCount
                    JSONValue.writeString(fields[index].key, into: &output)
                    output.append(UInt8(ascii: ":"))
                    if case .object(let inner) = fields[index].value, inner.count >= Self.smallestSectionedObject, sections[index].wasEncoded {
                        // A field that changes again (it was encoded before) gets sections for its own fields;
                        // one that was never encoded is written whole, so fields that never change
                        // (`deviceInfo`, `clock`, …) cost no sections. Its value starts as far into the
                        // field in `old` as here: the key is the same.
                        write(inner, sections: &sections[index].children, old: old, oldStart: oldCursor &+ (output.byteCount &- start),
                              into: &output)
                    } else {
                        fields[index].value.write(into: &output)
                        if !sections[index].children.isEmpty { sections[index].children = [] }
                    }
                    oldCursor &+= sections[index].encodedLength &+ 1
                    sections[index].place(length: output.byteCount &- start)
                    index &+= 1
                }
            }
        }
        output.append(UInt8(ascii: "}"))
    }
}

private extension JSONValue {
    /// Whether this is an object other than a metadata leaf `{"timestamp": N}`.
    var isObjectOtherThanMetadataLeaf: Bool {
        guard case .object(let fields) = self else { return false }
        return fields.count != 1 || fields[0].key != "timestamp"
    }
}

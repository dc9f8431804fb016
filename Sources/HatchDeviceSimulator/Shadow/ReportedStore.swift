import HatchDeviceModel

/// `state.reported` and `metadata.reported` of a stored shadow document, in the compact form a fleet
/// of thousands can afford: a shared ``ReportedShape`` (the keys, and the fixed text of the
/// encoding) and, per device, its leaf values as JSON text (``LeafValues``) and their timestamps.
/// A report that only changes values rewrites those, and the two trees are encoded by copying the
/// shape's texts and the values' texts, with no JSON tree built or walked.
///
/// Documents that fit no shape (a metadata leaf that is not `{"timestamp": N}`, an array) are
/// kept as the two trees, with the same semantics.
struct ReportedStore: Sendable, Hashable {
    /// The shape of the shaped form; `nil` when the trees hold the document (or nothing is stored).
    private(set) var shape: ReportedShape?
    /// The leaf values, in the shape's order.
    private var values = LeafValues([JSONValue]())!
    /// The leaves' timestamps (`metadata.reported`), in the same order.
    private var stamps: ContiguousArray<Int> = []
    /// `state.reported` when it fits no shape.
    private var reportedTree: JSONValue?
    /// `metadata.reported` when it fits no shape.
    private var metadataTree: JSONValue?

    /// Nothing stored.
    init() {}

    /// The store of `reported` and its `metadata`: shaped when they fit one shape.
    init(reported: JSONValue?, metadata: JSONValue?) {
        if case .object(let fields)? = reported, !fields.isEmpty, case .object(let metadataFields)? = metadata,
           let (shape, values, stamps) = ReportedShape.decompose(reported: fields, metadata: metadataFields),
           let texts = LeafValues(values) {
            self.shape = shape
            self.values = texts
            self.stamps = stamps
        } else {
            reportedTree = reported
            metadataTree = metadata
        }
    }

    /// Whether `state.reported` exists.
    var hasReported: Bool { shape != nil || reportedTree != nil }
    /// Whether `metadata.reported` exists.
    var hasMetadata: Bool { shape != nil || metadataTree != nil }
    /// Whether `state.reported` is an object (shaped documents always are).
    var reportedIsObject: Bool {
        if shape != nil { return true }
        if case .object? = reportedTree { return true }
        return false
    }

    /// `state.reported` as a tree.
    var reported: JSONValue? {
        guard let shape else { return reportedTree }
        return tree(shape, node: 0) { values[$0] }
    }

    /// `metadata.reported` as a tree (its leaves shared with other documents of the same second).
    var metadata: JSONValue? {
        guard let shape else { return metadataTree }
        var last: (stamp: Int, leaf: JSONValue) = (-1, .null)
        return tree(shape, node: 0) { leaf in
            let stamp = stamps[leaf]
            if stamp != last.stamp { last = (stamp, MetadataLeaves.leaf(for: stamp)) }
            return last.leaf
        }
    }

    private func tree(_ shape: ReportedShape, node index: Int, leaf: (Int) -> JSONValue) -> JSONValue {
        let node = shape.nodes[index]
        var fields = JSONObject(minimumCapacity: node.keys.count)
        for position in node.keys.indices {
            switch node.children[position] {
            case .leaf(let value): fields.appendInOrder(node.keys[position], leaf(value))
            case .object(let inner): fields.appendInOrder(node.keys[position], tree(shape, node: inner, leaf: leaf))
            }
        }
        return .object(fields)
    }

    /// The top-level field `key` of `state.reported`, as a tree; `nil` when absent.
    func field(_ key: String) -> JSONValue? {
        guard let shape else { return reportedTree?[key] }
        let root = shape.nodes[0]
        guard let position = root.index(of: key) else { return nil }
        switch root.children[position] {
        case .leaf(let leaf): return values[leaf]
        case .object(let inner): return tree(shape, node: inner) { values[$0] }
        }
    }

    /// The patch that turns the top-level field `key` of `state.reported` into `value`
    /// (``JSONValue/changes(from:)``); a plain value is compared with the stored text as it is.
    func changes(to value: JSONValue, at key: String) -> JSONValue? {
        guard let shape, value.isPlainValue, let position = shape.nodes[0].index(of: key),
              case .leaf(let leaf) = shape.nodes[0].children[position] else {
            return value.changes(from: field(key))
        }
        var text = JSONByteWriter(capacity: 64)
        Self.writeLeaf(value, into: &text)
        return text.withUnsafeBytes { values.text(of: leaf, equals: $0) } ? nil : value
    }

    /// Whether `state.reported` has the top-level field `key`.
    func hasField(_ key: String) -> Bool {
        guard let shape else { return reportedTree?[key] != nil }
        return shape.nodes[0].index(of: key) != nil
    }

    /// `state.delta` for `desired`: its fields whose value differs from `state.reported`
    /// (``JSONValue/delta(desired:reported:)``), reading only the reported fields it names.
    func delta(desired: JSONValue) -> JSONValue? {
        guard let shape else { return JSONValue.delta(desired: desired, reported: reportedTree) }
        return delta(desired, against: .object(0), shape)
    }

    private func delta(_ desired: JSONValue, against child: ReportedShape.Child?, _ shape: ReportedShape) -> JSONValue? {
        guard case .object(let desiredFields) = desired else {
            let reported: JSONValue? = switch child {
            case .leaf(let leaf): values[leaf]
            case .object(let inner): tree(shape, node: inner) { values[$0] }
            case nil: nil
            }
            return desired == reported ? nil : desired
        }
        guard case .object(let index)? = child else { return desiredFields.isEmpty ? nil : desired }
        let node = shape.nodes[index]
        var result: JSONObject = [:]
        for (key, value) in desiredFields {
            let position = node.index(of: key)
            if let difference = delta(value, against: position.map { node.children[$0] }, shape) {
                result.appendInOrder(key, difference)
            }
        }
        return result.isEmpty ? nil : .object(result)
    }

    // MARK: Merging a report

    /// A leaf a report set, with the text of the value and the timestamp it held before.
    struct Change: Sendable {
        let leaf: Int
        let text: ArraySlice<UInt8>
        let stamp: Int
    }

    /// Most leaves one report sets in place; a report that sets more is merged as trees.
    static let leavesSetInPlace = 256

    /// Merges a device's report (an object without nulls or empty objects) when it only sets leaf
    /// values the document already has, stamping each with `timestamp`; appends to `changes` what
    /// each leaf held before, in leaf order, and returns `true`. Returns `false`, changing nothing,
    /// when the report would change the shape (a new field, an object where a value was or the
    /// reverse, an array): the caller then merges it as trees.
    mutating func setValues(_ patch: JSONObject, timestamp: Int, changes: inout [Change]) -> Bool {
        guard let shape else { return false }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.leavesSetInPlace) { leaves in
            var count = 0
            guard Self.locate(patch, in: shape, node: 0, leaves: leaves, count: &count) else { return false }
            return withUnsafeTemporaryAllocation(of: JSONValue.self, capacity: count) { newValues in
                var cursor = 0
                Self.collect(patch, into: newValues, cursor: &cursor)
                defer { _ = newValues.baseAddress.unsafelyUnwrapped.deinitialize(count: count) }
                let found = UnsafeBufferPointer(rebasing: leaves[0..<count])
                guard let old = values.replace(found, with: UnsafeBufferPointer(newValues)) else { return false }
                changes.reserveCapacity(changes.count &+ count)
                stamps.withUnsafeMutableBufferPointer { stamps in
                    for index in 0..<count {
                        let leaf = found[index]
                        changes.append(Change(leaf: leaf, text: old[index], stamp: stamps[leaf]))
                        stamps[leaf] = timestamp
                    }
                }
                return true
            }
        }
    }

    /// ``setValues(_:timestamp:changes:)`` without keeping what changed.
    mutating func setValues(_ patch: JSONObject, timestamp: Int) -> Bool {
        var changes: [Change] = []
        return setValues(patch, timestamp: timestamp, changes: &changes)
    }

    /// Finds the leaf each value of `patch` sets, in the order of a walk of `patch` (the shape's leaf
    /// order: both keep keys sorted); `false` when one is not a leaf the shape has.
    private static func locate(_ patch: JSONObject, in shape: ReportedShape, node index: Int,
                               leaves: UnsafeMutableBufferPointer<Int>, count: inout Int) -> Bool {
        let node = shape.nodes[index]
        // Both keep their keys in ascending order: each key is looked for after the last one found.
        var from = 0
        for position in 0..<patch.count {
            let field = patch[position]
            guard let found = node.index(of: field.key, from: from) else { return false }
            from = found &+ 1
            switch (node.children[found], field.value) {
            case (.leaf(let leaf), .bool), (.leaf(let leaf), .int), (.leaf(let leaf), .double), (.leaf(let leaf), .string):
                guard count < leaves.count else { return false }
                leaves[count] = leaf
                count &+= 1
            case (.object(let inner), .object(let fields)):
                guard !fields.isEmpty, locate(fields, in: shape, node: inner, leaves: leaves, count: &count) else { return false }
            default:
                return false
            }
        }
        return true
    }

    /// Gathers the leaf values of `patch`, in the order of ``locate(_:in:node:leaves:count:)``.
    private static func collect(_ patch: JSONObject, into values: UnsafeMutableBufferPointer<JSONValue>, cursor: inout Int) {
        for position in 0..<patch.count {
            let value = patch[valueAt: position]
            if case .object(let fields) = value {
                collect(fields, into: values, cursor: &cursor)
            } else {
                (values.baseAddress.unsafelyUnwrapped + cursor).initialize(to: value)
                cursor &+= 1
            }
        }
    }

    // MARK: Encoding

    /// Appends `state.reported` as compact JSON with sorted keys (as ``JSONValue/write(into:)`` would),
    /// and to `positions` where the value of each leaf of `marked` (in leaf order) lies.
    func writeReported(into output: inout JSONByteWriter, marking marked: [Change] = [], positions: inout [Range<Int>]) {
        guard let shape else {
            reportedTree?.write(into: &output)
            return
        }
        let base = output.byteCount
        positions.reserveCapacity(positions.count &+ marked.count)
        shape.stateText.withUnsafeBufferPointer { text in
            shape.stateStarts.withUnsafeBufferPointer { starts in
                values.bytes.withUnsafeBufferPointer { bytes in
                    values.ends.withUnsafeBufferPointer { ends in
                        output.appendInPlace(atMost: text.count &+ bytes.count &+ ReportedShape.padding) { start in
                            let source = text.baseAddress.unsafelyUnwrapped, texts = bytes.baseAddress.unsafelyUnwrapped
                            var cursor = start
                            var next = marked.isEmpty ? -1 : marked[0].leaf, mark = 0
                            var valueStart = 0
                            for leaf in 0..<ends.count {
                                let length = starts[leaf &+ 1] &- starts[leaf]
                                Self.copy(source + starts[leaf], count: length, to: cursor)
                                cursor += length
                                let valueEnd = Int(ends[leaf])
                                Self.copy(texts + valueStart, count: valueEnd &- valueStart, to: cursor)
                                if leaf == next {
                                    let offset = base &+ (cursor - start)
                                    positions.append(offset..<(offset &+ valueEnd &- valueStart))
                                    mark &+= 1
                                    next = mark < marked.count ? marked[mark].leaf : -1
                                }
                                cursor += valueEnd &- valueStart
                                valueStart = valueEnd
                            }
                            let tail = ends.count
                            let length = starts[tail &+ 1] &- starts[tail]
                            Self.copy(source + starts[tail], count: length, to: cursor)
                            return cursor + length - start
                        }
                    }
                }
            }
        }
    }

    /// Appends one leaf value.
    @inline(__always)
    static func writeLeaf(_ value: JSONValue, into output: inout JSONByteWriter) {
        switch value {
        case .int(let value): JSONValue.writeInteger(value, into: &output)
        case .bool(let value): output.append(value ? "true" : "false")
        case .string(let value): JSONValue.writeString(value, into: &output)
        default: value.write(into: &output)
        }
    }

    /// Appends `metadata.reported` as compact JSON with sorted keys, and to `positions` where the
    /// timestamp of each leaf of `marked` (in leaf order) lies. A timestamp is turned into digits
    /// once and copied to the leaves after it that share it (most of a document's leaves share a few).
    func writeMetadata(into output: inout JSONByteWriter, marking marked: [Change] = [], positions: inout [Range<Int>]) {
        guard let shape else {
            metadataTree?.write(into: &output)
            return
        }
        let base = output.byteCount
        positions.reserveCapacity(positions.count &+ marked.count)
        shape.metadataText.withUnsafeBufferPointer { text in
            shape.metadataStarts.withUnsafeBufferPointer { starts in
                stamps.withUnsafeBufferPointer { stamps in
                    output.appendInPlace(atMost: text.count &+ stamps.count &* 20 &+ ReportedShape.padding) { start in
                        Self.writeMetadata(text: text, starts: starts, stamps: stamps, marked: marked, to: start) { range in
                            positions.append((base &+ range.lowerBound)..<(base &+ range.upperBound))
                        }
                    }
                }
            }
        }
    }

    /// The digits of the timestamps a metadata encoding wrote last: where they lie, to be copied.
    private struct StampDigits {
        var stamp = Int.min
        var start: UnsafeMutablePointer<UInt8>?
        var count = 0
    }

    /// Writes `metadata.reported` at `start` (room for it sized by the caller); returns its length.
    /// The digits of each timestamp are written once and copied after (a document's leaves share a
    /// few timestamps, in no order): the last four distinct ones are remembered.
    private static func writeMetadata(text: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>, stamps: UnsafeBufferPointer<Int>,
                                      marked: [Change], to start: UnsafeMutablePointer<UInt8>, mark: (Range<Int>) -> Void) -> Int {
        let source = text.baseAddress.unsafelyUnwrapped
        var cursor = start
        var recent = (StampDigits(), StampDigits(), StampDigits(), StampDigits())
        var oldest = 0
        var next = marked.isEmpty ? -1 : marked[0].leaf, markIndex = 0
        for leaf in 0..<stamps.count {
            let length = starts[leaf &+ 1] &- starts[leaf]
            copy(source + starts[leaf], count: length, to: cursor)
            cursor += length
            let stamp = stamps[leaf]
            let count: Int
            if recent.0.stamp == stamp {
                count = recent.0.count
                copy(recent.0.start.unsafelyUnwrapped, count: count, to: cursor)
            } else if recent.1.stamp == stamp {
                count = recent.1.count
                copy(recent.1.start.unsafelyUnwrapped, count: count, to: cursor)
            } else if recent.2.stamp == stamp {
                count = recent.2.count
                copy(recent.2.start.unsafelyUnwrapped, count: count, to: cursor)
            } else if recent.3.stamp == stamp {
                count = recent.3.count
                copy(recent.3.start.unsafelyUnwrapped, count: count, to: cursor)
            } else {
                count = JSONValue.writeDigits(of: stamp, to: cursor)
                let digits = StampDigits(stamp: stamp, start: cursor, count: count)
                switch oldest {
                case 0: recent.0 = digits
                case 1: recent.1 = digits
                case 2: recent.2 = digits
                default: recent.3 = digits
                }
                oldest = (oldest &+ 1) & 3
            }
            if leaf == next {
                mark((cursor - start)..<(cursor - start &+ count))
                markIndex &+= 1
                next = markIndex < marked.count ? marked[markIndex].leaf : -1
            }
            cursor += count
        }
        let tail = stamps.count
        let length = starts[tail &+ 1] &- starts[tail]
        copy(source + starts[tail], count: length, to: cursor)
        return cursor + length - start
    }

    /// ``writeReported(into:marking:positions:)`` without marks.
    func writeReported(into output: inout JSONByteWriter) {
        var positions: [Range<Int>] = []
        writeReported(into: &output, positions: &positions)
    }

    /// ``writeMetadata(into:marking:positions:)`` without marks.
    func writeMetadata(into output: inout JSONByteWriter) {
        var positions: [Range<Int>] = []
        writeMetadata(into: &output, positions: &positions)
    }

    /// Copies a short run of bytes sixteen at a time, writing and reading up to 15 bytes past its end
    /// (the texts between leaves are a few dozen bytes, where a call to `memmove` costs more than the
    /// copy): the shape's texts end in ``ReportedShape/padding`` bytes, and the output has as many
    /// to spare, which what is written next overwrites.
    @inline(__always)
    private static func copy(_ source: UnsafePointer<UInt8>, count: Int, to destination: UnsafeMutablePointer<UInt8>) {
        let source = UnsafeRawPointer(source), destination = UnsafeMutableRawPointer(destination)
        var offset = 0
        repeat {
            destination.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self), toByteOffset: offset,
                                   as: SIMD16<UInt8>.self)
            offset &+= 16
        } while offset < count
    }

    /// About the size of `state.reported` and `metadata.reported` written: the shape's texts, and
    /// for each leaf its timestamp and a value of a typical size (strings counted as they are).
    var encodedByteCountEstimate: Int {
        guard let shape else {
            return (reportedTree?.encodedByteCount ?? 0) + (metadataTree?.encodedByteCount ?? 0)
        }
        return shape.stateText.count + shape.metadataText.count + values.textByteCount + shape.leafCount * 12
    }

    /// The size of `state.reported` as compact JSON (for the 8 KB state limit).
    var reportedByteCount: Int {
        if let shape { return shape.stateText.count - ReportedShape.padding + values.textByteCount }
        guard hasReported else { return 0 }
        var output = JSONByteWriter(capacity: 2048)
        writeReported(into: &output)
        return output.byteCount
    }

    // MARK: Equality

    static func == (lhs: ReportedStore, rhs: ReportedStore) -> Bool {
        if let left = lhs.shape, let right = rhs.shape, left.hasSameStructure(as: right) {
            return lhs.values == rhs.values && lhs.stamps == rhs.stamps
        }
        return lhs.reported == rhs.reported && lhs.metadata == rhs.metadata
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(reported)
        hasher.combine(metadata)
    }
}

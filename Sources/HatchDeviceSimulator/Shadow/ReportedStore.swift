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
    /// The leaf values, in the shape's order (set by a report, `ReportedStore+Merging.swift`).
    var values = LeafValues([JSONValue]())!
    /// The leaves' timestamps (`metadata.reported`), in the same order: epoch seconds up to 2106, four
    /// bytes each (a document stamped outside that range is kept as trees).
    var stamps: ContiguousArray<UInt32> = []
    /// `state.reported` when it fits no shape.
    private(set) var reportedTree: JSONValue?
    /// `metadata.reported` when it fits no shape.
    private(set) var metadataTree: JSONValue?

    /// Nothing stored.
    init() {}

    /// The store of `reported` and its `metadata`: shaped when they fit one shape.
    init(reported: JSONValue?, metadata: JSONValue?) {
        if case .object(let fields)? = reported, !fields.isEmpty, case .object(let metadataFields)? = metadata,
           let (shape, values, stamps) = ReportedShape.decompose(reported: fields, metadata: metadataFields),
           let texts = LeafValues(values), stamps.allSatisfy({ UInt32(exactly: $0) != nil }) {
            self.shape = shape
            self.values = texts
            self.stamps = ContiguousArray(stamps.lazy.map { UInt32($0) })
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
            let stamp = Int(stamps[leaf])
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

/// Merge, difference and delta, with the semantics of AWS IoT classic shadows.
extension JSONValue {
    /// Applies a partial document: objects merge field by field, `null` deletes a field, anything
    /// else (including arrays) replaces the old value. Nulls inside newly added objects are dropped.
    public mutating func merge(_ patch: JSONValue) {
        guard case .object(let patchFields) = patch else {
            self = patch.removingNulls()
            return
        }
        var fields: JSONObject = [:]
        if case .object(let existing) = self {
            // A patch that replaces every field with a plain value (a metadata leaf's new
            // `{"timestamp": N}`) is the result itself: share it instead of copying field by field.
            if existing.count <= patchFields.count, patchFields.allSatisfy({ $0.value.isPlainValue }),
               existing.allSatisfy({ patchFields[$0.key] != nil }) {
                self = patch
                return
            }
            fields = existing
            self = .null  // the only reference left is `fields`: nested objects merge in place
        }
        for (key, value) in patchFields {
            if value.isNull {
                fields.removeValue(forKey: key)
            } else if case .object = value, case .object? = fields[key] {
                fields[key]!.merge(value)
            } else {
                fields[key] = value.removingNulls()
            }
        }
        self = .object(fields)
    }

    /// Whether a `null` appears anywhere inside (this value included).
    var containsNull: Bool {
        switch self {
        case .null: return true
        case .bool, .int, .double, .string: return false
        case .array(let values): return values.contains { $0.containsNull }
        case .object(let fields): return fields.contains { $0.value.containsNull }
        }
    }

    /// Whether this is neither an object nor an array nor `null` (merging it replaces the old value whole).
    public var isPlainValue: Bool {
        switch self {
        case .bool, .int, .double, .string: return true
        case .null, .array, .object: return false
        }
    }

    /// Whether merging this patch can leave empty objects behind (it holds a `null` or a `{}`), so
    /// the merged document needs pruning.
    public var containsNullOrEmptyObject: Bool {
        switch self {
        case .null: return true
        case .object(let fields):
            // Read in place: iterating the object would copy each key and value out.
            return fields.isEmpty || fields.fields.withUnsafeBufferPointer { fields in
                fields.indices.contains { fields[$0].value.containsNullOrEmptyObject }
            }
        default: return false
        }
    }

    /// A copy merged with `patch` (see ``merge(_:)``).
    public func merging(_ patch: JSONValue) -> JSONValue {
        var copy = self
        copy.merge(patch)
        return copy
    }

    /// A copy without `null` fields anywhere inside objects; empty objects that only held nulls stay `{}`.
    public func removingNulls() -> JSONValue {
        // Most values hold no null: keep them as they are (no copy of their storage).
        guard containsNull else { return self }
        switch self {
        case .object(let fields):
            return .object(fields.filter { !$0.value.isNull }.mapValues { $0.removingNulls() })
        case .array(let values):
            return .array(values.map { $0.removingNulls() })
        default:
            return self
        }
    }

    /// The fields of `desired` whose value differs from `reported` (objects compared field by
    /// field, anything else compared whole); `nil` when there is no difference. This is the shadow's
    /// `state.delta`.
    public static func delta(desired: JSONValue, reported: JSONValue?) -> JSONValue? {
        guard case .object(let desiredFields) = desired else {
            if desired == reported { return nil }
            return desired
        }
        guard case .object(let reportedFields)? = reported else {
            return desiredFields.isEmpty ? nil : desired
        }
        var result: JSONObject = [:]
        for (key, value) in desiredFields {
            if let difference = delta(desired: value, reported: reportedFields[key]) {
                result.appendInOrder(key, difference)
            }
        }
        return result.isEmpty ? nil : .object(result)
    }

    /// The partial document that turns `old` into `self` when merged (changed and new fields, and
    /// `null` for removed ones); `nil` when nothing changed. Devices use it to report only what changed.
    public func changes(from old: JSONValue?) -> JSONValue? {
        guard case .object(let newFields) = self, case .object(let oldFields)? = old else {
            if self == old { return nil }
            return self
        }
        var result: JSONObject = [:]
        for (key, value) in newFields {
            if let change = value.changes(from: oldFields[key]) { result.appendInOrder(key, change) }
        }
        for key in oldFields.keys where newFields[key] == nil { result[key] = .null }
        return result.isEmpty ? nil : .object(result)
    }

    /// A copy where every leaf is replaced by `{"timestamp": timestamp}`, as AWS builds shadow metadata.
    /// The leaves are one object shared by every metadata tree of that second (``MetadataLeaves``), so
    /// a stored metadata tree costs one allocation per object rather than one per field.
    public func metadata(timestamp: Int) -> JSONValue {
        metadata(leaf: MetadataLeaves.leaf(for: timestamp))
    }

    /// The metadata of this value with every leaf set to `leaf` (a shared `{"timestamp": N}`).
    public func metadata(leaf: JSONValue) -> JSONValue {
        switch self {
        case .object(let fields):
            return .object(fields.mapValues { $0.isNull ? .null : $0.metadata(leaf: leaf) })
        case .array(let values):
            return .array(values.map { $0.metadata(leaf: leaf) })
        default:
            return leaf
        }
    }

    /// The leaf paths of this value (for objects, the paths to each non-object value).
    public var leafPaths: [[String]] {
        guard case .object(let fields) = self else { return [[]] }
        var paths: [[String]] = []
        for (key, value) in fields {
            if case .object(let inner) = value, !inner.isEmpty {
                paths += value.leafPaths.map { [key] + $0 }
            } else {
                paths.append([key])
            }
        }
        return paths
    }
}

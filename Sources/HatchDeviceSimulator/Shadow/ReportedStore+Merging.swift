import HatchDeviceModel

/// A device's report merged into the shaped form: the leaves it sets found in the shape and their
/// texts and timestamps written, keeping what they held for the report's `previous`.
extension ReportedStore {
    /// The room a ``ReportedChanges`` needs for any update of this document: a change per leaf, and the
    /// bytes of every leaf's text.
    var changeRoom: (leaves: Int, textBytes: Int) {
        (shape?.leafCount ?? 0, values.textByteCount)
    }

    /// Most leaves one report sets in place; a report that sets more is merged as trees.
    static let leavesSetInPlace = 256

    /// Merges a device's report (an object without nulls or empty objects) when it only sets leaf
    /// values the document already has, stamping each with `timestamp`; appends to `changes` what
    /// each leaf held before, in leaf order, and returns `true`. Returns `false`, changing nothing,
    /// when the report would change the shape (a new field, an object where a value was or the
    /// reverse, an array): the caller then merges it as trees.
    mutating func setValues(_ patch: JSONObject, timestamp: Int, changes: inout ReportedChanges) -> Bool {
        guard let shape, let stamp = UInt32(exactly: timestamp) else { return false }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.leavesSetInPlace) { leaves in
            var count = 0
            guard Self.locate(patch, in: shape, node: 0, leaves: leaves, count: &count) else { return false }
            return withUnsafeTemporaryAllocation(of: JSONValue.self, capacity: count) { newValues in
                var cursor = 0
                Self.collect(patch, into: newValues, cursor: &cursor)
                defer { _ = newValues.baseAddress.unsafelyUnwrapped.deinitialize(count: count) }
                return setLeaves(UnsafeBufferPointer(rebasing: leaves[0..<count]), to: UnsafeBufferPointer(newValues), stamp: stamp,
                                 changes: &changes)
            }
        }
    }

    /// Sets the values of `leaves` (ascending leaves of the shape) to `newValues` (plain values), each
    /// stamped with `timestamp`; appends to `changes` what each held before and returns `true`.
    /// Returns `false`, changing nothing, when the document is not shaped or the texts would not fit.
    mutating func setLeaves(_ leaves: UnsafeBufferPointer<Int>, to newValues: UnsafeBufferPointer<JSONValue>, timestamp: Int,
                            changes: inout ReportedChanges) -> Bool {
        // The shape read as the class it is: binding the optional copies it through its value witnesses.
        guard self.shape != nil, let stamp = UInt32(exactly: timestamp) else { return false }
        let leafCount = self.shape.unsafelyUnwrapped.leafCount
        guard leaves.allSatisfy({ $0 >= 0 && $0 < leafCount }), zip(leaves, leaves.dropFirst()).allSatisfy({ $0 < $1 }) else { return false }
        return setLeaves(leaves, to: newValues, stamp: stamp, changes: &changes)
    }

    private mutating func setLeaves(_ found: UnsafeBufferPointer<Int>, to newValues: UnsafeBufferPointer<JSONValue>, stamp: UInt32,
                                    changes: inout ReportedChanges) -> Bool {
        let first = changes.count
        guard values.replace(found, with: newValues, oldText: { index, text in changes.append(leaf: found[index], text: text) })
        else { return false }
        stamps.withUnsafeMutableBufferPointer { stamps in
            for index in found.indices {
                let leaf = found[index]
                changes[first &+ index].stamp = Int(stamps[leaf])
                stamps[leaf] = stamp
            }
        }
        return true
    }

    /// ``setValues(_:timestamp:changes:)`` without keeping what changed.
    mutating func setValues(_ patch: JSONObject, timestamp: Int) -> Bool {
        ReportedChanges.with(room: changeRoom) { changes in setValues(patch, timestamp: timestamp, changes: &changes) }
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
}

import HatchDeviceModel

/// The part of a shaped `state.reported` that holds some of its leaves, written as compact JSON with
/// sorted keys: what a device's report that set those leaves says, for its `/update/accepted` reply.
extension ReportedStore {
    /// Appends the object of `state.reported` that holds exactly `leaves` (ascending leaves of the
    /// shape) with their values to `state`, and its metadata (each leaf `stamp`, the encoded
    /// `{"timestamp":N}`) to `metadata`, as ``JSONValue/write(into:metadata:leaf:)`` writes a patch
    /// setting those values; with no `stamp`, no metadata. Writes nothing when the document is not shaped.
    func writeLeaves(_ leaves: UnsafeBufferPointer<Int>, state: inout JSONByteWriter, metadata: inout JSONByteWriter,
                     stamp: UnsafeRawBufferPointer?) {
        guard self.shape != nil, !leaves.isEmpty else { return }
        // Unwrapped as the class it is: binding the optional copies it through its value witnesses.
        let shape = self.shape.unsafelyUnwrapped
        var cursor = 0
        values.bytes.withUnsafeBytes { texts in
            shape.keyTexts.withUnsafeBytes { keys in
                shape.keyStarts.withUnsafeBufferPointer { keyStarts in
                    shape.childLeafEnds.withUnsafeBufferPointer { ends in
                        let shapeTexts = ShapeTexts(keys: keys, keyStarts: keyStarts, childLeafEnds: ends)
                        writeLeaves(of: 0, shape, shapeTexts, leaves, cursor: &cursor, texts: texts, state: &state, metadata: &metadata,
                                    stamp: stamp)
                    }
                }
            }
        }
    }

    /// The shape's encoded keys and where each child's leaves end, read in place.
    private struct ShapeTexts {
        let keys: UnsafeRawBufferPointer
        let keyStarts: UnsafeBufferPointer<Int>
        let childLeafEnds: UnsafeBufferPointer<Int>
    }

    private func writeLeaves(of index: Int, _ shape: ReportedShape, _ shapeTexts: ShapeTexts, _ leaves: UnsafeBufferPointer<Int>,
                             cursor: inout Int, texts: UnsafeRawBufferPointer, state: inout JSONByteWriter,
                             metadata: inout JSONByteWriter, stamp: UnsafeRawBufferPointer?) {
        state.append(UInt8(ascii: "{"))
        if stamp != nil { metadata.append(UInt8(ascii: "{")) }
        let firstKey = shape.nodeKeys[index], end = shape.nodeLeaves[index].upperBound
        shape.nodes[index].children.withUnsafeBufferPointer { children in
            var position = 0, first = true
            while cursor < leaves.count, leaves[cursor] < end {
                let target = leaves[cursor]
                // The children hold their leaves in order: the next leaf is in the first child from
                // `position` on whose leaves end after it.
                var high = children.count
                while position < high {
                    let middle = (position &+ high) &>> 1
                    if shapeTexts.childLeafEnds[firstKey &+ middle] <= target { position = middle &+ 1 } else { high = middle }
                }
                guard position < children.count else { return }
                if !first {
                    state.append(UInt8(ascii: ","))
                    if stamp != nil { metadata.append(UInt8(ascii: ",")) }
                }
                first = false
                let key = UnsafeRawBufferPointer(rebasing: shapeTexts.keys[shapeTexts.keyStarts[firstKey &+ position]..<shapeTexts.keyStarts[firstKey &+ position &+ 1]])
                state.append(key)
                if stamp != nil { metadata.append(key) }
                switch children[position] {
                case .object(let inner):
                    writeLeaves(of: inner, shape, shapeTexts, leaves, cursor: &cursor, texts: texts, state: &state, metadata: &metadata,
                                stamp: stamp)
                case .leaf:
                    state.append(UnsafeRawBufferPointer(rebasing: texts[values.range(of: target)]))
                    if let stamp { metadata.append(stamp) }
                    cursor &+= 1
                }
                position &+= 1
            }
        }
        state.append(UInt8(ascii: "}"))
        if stamp != nil { metadata.append(UInt8(ascii: "}")) }
    }
}

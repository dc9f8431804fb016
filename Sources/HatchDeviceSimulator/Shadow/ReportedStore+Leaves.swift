import HatchDeviceModel

/// The part of a shaped `state.reported` that holds some of its leaves, written as compact JSON with
/// sorted keys: what a device's report that set those leaves says, for its `/update/accepted` reply.
extension ReportedStore {
    /// Appends the object of `state.reported` that holds exactly `leaves` (ascending leaves of the
    /// shape) with their values to `state`, and its metadata (each leaf `stamp`, the encoded
    /// `{"timestamp":N}`) to `metadata`, as ``JSONValue/write(into:metadata:leaf:)`` writes a patch
    /// setting those values. Writes nothing when the document is not shaped.
    func writeLeaves(_ leaves: UnsafeBufferPointer<Int>, state: inout JSONByteWriter, metadata: inout JSONByteWriter,
                     stamp: UnsafeRawBufferPointer) {
        guard let shape, !leaves.isEmpty else { return }
        var cursor = 0
        values.bytes.withUnsafeBytes { texts in
            shape.keyTexts.withUnsafeBytes { keys in
                writeLeaves(of: 0, shape, leaves, cursor: &cursor, texts: texts, keys: keys, state: &state, metadata: &metadata, stamp: stamp)
            }
        }
    }

    private func writeLeaves(of index: Int, _ shape: ReportedShape, _ leaves: UnsafeBufferPointer<Int>, cursor: inout Int,
                             texts: UnsafeRawBufferPointer, keys: UnsafeRawBufferPointer, state: inout JSONByteWriter,
                             metadata: inout JSONByteWriter, stamp: UnsafeRawBufferPointer) {
        state.append(UInt8(ascii: "{"))
        metadata.append(UInt8(ascii: "{"))
        shape.nodes[index].children.withUnsafeBufferPointer { children in
            let firstKey = shape.nodeKeys[index]
            var position = 0, first = true
            // The children hold their leaves in order: each next leaf is in the first child from
            // `position` on whose leaves reach past it.
            while cursor < leaves.count, position < children.count {
                let target = leaves[cursor]
                let child = children[position]
                let holds = switch child {
                case .leaf(let leaf): leaf == target
                case .object(let inner): shape.nodeLeaves[inner].contains(target)
                }
                if holds {
                    if !first {
                        state.append(UInt8(ascii: ","))
                        metadata.append(UInt8(ascii: ","))
                    }
                    first = false
                    let key = UnsafeRawBufferPointer(rebasing: keys[shape.keyStarts[firstKey &+ position]..<shape.keyStarts[firstKey &+ position &+ 1]])
                    state.append(key)
                    metadata.append(key)
                    if case .object(let inner) = child {
                        writeLeaves(of: inner, shape, leaves, cursor: &cursor, texts: texts, keys: keys, state: &state, metadata: &metadata,
                                    stamp: stamp)
                    } else {
                        state.append(UnsafeRawBufferPointer(rebasing: texts[values.range(of: target)]))
                        metadata.append(stamp)
                        cursor &+= 1
                    }
                }
                position &+= 1
            }
        }
        state.append(UInt8(ascii: "}"))
        metadata.append(UInt8(ascii: "}"))
    }

}

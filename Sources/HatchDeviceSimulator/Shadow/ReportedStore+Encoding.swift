import HatchDeviceModel

/// `state.reported` and `metadata.reported` written as compact JSON with sorted keys, from the shape's
/// texts and the values' texts and timestamps.
extension ReportedStore {
    /// Appends `state.reported` as compact JSON with sorted keys (as ``JSONValue/write(into:)`` would),
    /// and to `positions` (room for one per leaf of `marked`) where the value of each leaf of `marked`
    /// (in leaf order) lies.
    func writeReported(into output: inout JSONByteWriter, marking marked: ReportedChanges = .none, positions: UnsafeMutableBufferPointer<Range<Int>>) {
        guard self.shape != nil else {
            reportedTree?.write(into: &output)
            return
        }
        // Unwrapped as the class it is: binding the optional copies it through its value witnesses.
        let shape = self.shape.unsafelyUnwrapped
        let base = output.byteCount
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
                                    positions[mark] = offset..<(offset &+ valueEnd &- valueStart)
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

    /// Appends `metadata.reported` as compact JSON with sorted keys, and to `positions` (room for one per
    /// leaf of `marked`) where the
    /// timestamp of each leaf of `marked` (in leaf order) lies. A timestamp is turned into digits
    /// once and copied to the leaves after it that share it (most of a document's leaves share a few).
    func writeMetadata(into output: inout JSONByteWriter, marking marked: ReportedChanges = .none, positions: UnsafeMutableBufferPointer<Range<Int>>) {
        guard self.shape != nil else {
            metadataTree?.write(into: &output)
            return
        }
        // Unwrapped as the class it is: binding the optional copies it through its value witnesses.
        let shape = self.shape.unsafelyUnwrapped
        let base = output.byteCount
        var mark = 0
        shape.metadataText.withUnsafeBufferPointer { text in
            shape.metadataTemplate.withUnsafeBufferPointer { template in
                shape.metadataStarts.withUnsafeBufferPointer { starts in
                    stamps.withUnsafeBufferPointer { stamps in
                        output.appendInPlace(atMost: text.count &+ stamps.count &* 20 &+ ReportedShape.padding) { start in
                            // Two closure literals, not one shared function or closure value: sharing boxes
                            // `mark`, about a hundred instructions a report.
                            if let length = Self.writeMetadata(template: template, starts: starts, stamps: stamps, marked: marked, to: start,
                                                               mark: { range in
                                                                   positions[mark] = (base &+ range.lowerBound)..<(base &+ range.upperBound)
                                                                   mark &+= 1
                                                               }) {
                                return length
                            }
                            mark = 0
                            return Self.writeMetadata(text: text, starts: starts, stamps: stamps, marked: marked, to: start) { range in
                                positions[mark] = (base &+ range.lowerBound)..<(base &+ range.upperBound)
                                mark &+= 1
                            }
                        }
                    }
                }
            }
        }
    }

    /// Writes `metadata.reported` at `start` from the shape's template, storing each timestamp's ten
    /// digits over its zeros; returns its length, or `nil` at the first timestamp of another length (the
    /// caller then writes it again the long way). A document's leaves share a few timestamps, in no
    /// order: the digits of the last four distinct ones are kept.
    private static func writeMetadata(template: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>,
                                      stamps: UnsafeBufferPointer<UInt32>, marked: ReportedChanges, to start: UnsafeMutablePointer<UInt8>,
                                      mark: (Range<Int>) -> Void) -> Int? {
        let digits = ReportedShape.stampDigits
        start.update(from: template.baseAddress.unsafelyUnwrapped, count: template.count)
        let output = UnsafeMutableRawPointer(start)
        var recent = RecentStamps(empty: TenDigits())
        var next = marked.isEmpty ? -1 : marked[0].leaf, markIndex = 0
        for leaf in 0..<stamps.count {
            let stamp = Int(stamps[leaf])
            let text: TenDigits
            if let kept = recent.entry(for: stamp) {
                text = kept
            } else {
                guard let made = TenDigits(stamp) else { return nil }
                text = made
                recent.keep(made, for: stamp)
            }
            let at = starts[leaf &+ 1] &+ digits &* leaf
            output.storeBytes(of: text.first, toByteOffset: at, as: UInt64.self)
            output.storeBytes(of: text.last, toByteOffset: at &+ 8, as: UInt16.self)
            if leaf == next {
                mark(at..<(at &+ digits))
                markIndex &+= 1
                next = markIndex < marked.count ? marked[markIndex].leaf : -1
            }
        }
        return template.count
    }

    /// The text of a timestamp of ten digits, as the eight bytes and the two bytes stored.
    private struct TenDigits {
        var first: UInt64 = 0
        var last: UInt16 = 0

        init() {}

        /// `nil` unless `stamp` has ten digits.
        init?(_ stamp: Int) {
            guard stamp >= 1_000_000_000, stamp <= 9_999_999_999 else { return nil }
            var text: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &text) {
                _ = JSONValue.writeDigits(of: stamp, to: $0.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self))
            }
            first = text.0
            last = UInt16(truncatingIfNeeded: text.1)
        }
    }

    /// What a metadata encoding keeps of the last four distinct timestamps it met: a document's leaves
    /// share a few timestamps, in no order.
    private struct RecentStamps<Entry> {
        private var stamps = (Int.min, Int.min, Int.min, Int.min)
        private var entries: (Entry, Entry, Entry, Entry)
        private var oldest = 0

        init(empty: Entry) {
            entries = (empty, empty, empty, empty)
        }

        /// What is kept of `stamp`, or `nil`.
        @inline(__always)
        func entry(for stamp: Int) -> Entry? {
            if stamps.0 == stamp { return entries.0 }
            if stamps.1 == stamp { return entries.1 }
            if stamps.2 == stamp { return entries.2 }
            if stamps.3 == stamp { return entries.3 }
            return nil
        }

        /// Keeps `entry` for `stamp` in place of the oldest.
        @inline(__always)
        mutating func keep(_ entry: Entry, for stamp: Int) {
            switch oldest {
            case 0: (stamps.0, entries.0) = (stamp, entry)
            case 1: (stamps.1, entries.1) = (stamp, entry)
            case 2: (stamps.2, entries.2) = (stamp, entry)
            default: (stamps.3, entries.3) = (stamp, entry)
            }
            oldest = (oldest &+ 1) & 3
        }
    }

    /// Writes `metadata.reported` at `start` (room for it sized by the caller); returns its length.
    /// The digits of each timestamp are written once and copied after (a document's leaves share a
    /// few timestamps, in no order): the last four distinct ones are remembered.
    private static func writeMetadata(text: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>, stamps: UnsafeBufferPointer<UInt32>,
                                      marked: ReportedChanges, to start: UnsafeMutablePointer<UInt8>, mark: (Range<Int>) -> Void) -> Int {
        let source = text.baseAddress.unsafelyUnwrapped
        var cursor = start
        // Where the digits of each kept timestamp were written, to be copied.
        var recent = RecentStamps(empty: UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0))
        var next = marked.isEmpty ? -1 : marked[0].leaf, markIndex = 0
        for leaf in 0..<stamps.count {
            let length = starts[leaf &+ 1] &- starts[leaf]
            copy(source + starts[leaf], count: length, to: cursor)
            cursor += length
            let stamp = Int(stamps[leaf])
            let count: Int
            if let digits = recent.entry(for: stamp) {
                count = digits.count
                copy(digits.baseAddress.unsafelyUnwrapped, count: count, to: cursor)
            } else {
                count = JSONValue.writeDigits(of: stamp, to: cursor)
                recent.keep(UnsafeMutableBufferPointer(start: cursor, count: count), for: stamp)
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
        writeReported(into: &output, positions: UnsafeMutableBufferPointer(start: nil, count: 0))
    }

    /// ``writeMetadata(into:marking:positions:)`` without marks.
    func writeMetadata(into output: inout JSONByteWriter) {
        writeMetadata(into: &output, positions: UnsafeMutableBufferPointer(start: nil, count: 0))
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

    /// About the size of `state.reported` and `metadata.reported` written: the shape's texts, the
    /// values' texts, and room for each leaf's timestamp.
    var encodedByteCountEstimate: Int {
        guard let shape else {
            return (reportedTree?.encodedByteCount ?? 0) + (metadataTree?.encodedByteCount ?? 0)
        }
        return shape.stateText.count + shape.metadataText.count + values.textByteCount + shape.leafCount * 12
    }

    /// The size of `state.reported` as compact JSON (for the 8 KB state limit).
    var reportedByteCount: Int {
        guard let shape else { return reportedTree?.encodedByteCount ?? 0 }
        return shape.stateText.count - ReportedShape.padding + values.textByteCount
    }
}

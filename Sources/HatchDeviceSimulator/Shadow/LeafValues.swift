import Foundation
import HatchDeviceModel

/// The leaf values of a shaped `state.reported`, kept as their JSON text one after the other: what
/// a document's encoding copies as it is, and smaller than the values themselves (a typical leaf
/// is a few digits). Reading a value parses its text; a report rewrites only the leaves it sets.
struct LeafValues: Sendable, Equatable {
    /// The texts, then ``ReportedShape/padding`` bytes that copies made sixteen bytes at a time may read.
    private(set) var bytes: [UInt8]
    /// Where each leaf's text ends in ``bytes`` (it starts where the one before ends).
    private(set) var ends: ContiguousArray<UInt16>

    /// The texts of `values`; `nil` when they do not fit the 64 KB the offsets address.
    init?(_ values: some Collection<JSONValue>) {
        var output = JSONByteWriter(capacity: values.count * 8 + ReportedShape.padding)
        var ends = ContiguousArray<UInt16>()
        ends.reserveCapacity(values.count)
        for value in values {
            ReportedStore.writeLeaf(value, into: &output)
            guard output.byteCount <= Int(UInt16.max) else { return nil }
            ends.append(UInt16(output.byteCount))
        }
        for _ in 0..<ReportedShape.padding { output.append(0) }
        bytes = output.makeArray()
        self.ends = ends
    }

    /// How many leaves.
    var count: Int { ends.count }

    /// The bytes of the texts, without the padding.
    var textByteCount: Int { ends.last.map(Int.init) ?? 0 }

    /// Where leaf `leaf`'s text lies in ``bytes``.
    @inline(__always)
    func range(of leaf: Int) -> Range<Int> {
        (leaf == 0 ? 0 : Int(ends[leaf &- 1]))..<Int(ends[leaf])
    }

    /// The value of leaf `leaf`, parsed from its text: integers, Booleans and strings without
    /// escapes read at once, anything else by the JSON parser.
    subscript(leaf: Int) -> JSONValue {
        bytes.withUnsafeBufferPointer { bytes in
            let text = UnsafeBufferPointer(rebasing: bytes[range(of: leaf)])
            if let value = Self.quickValue(text) { return value }
            // The text was written from a value, so it parses back to that value.
            return (try? JSONValue(data: Data(buffer: text))) ?? .null
        }
    }

    /// The value of a text that is a plain integer of up to 18 digits, `true`, `false`, or a string
    /// without escapes; `nil` for anything else.
    private static func quickValue(_ text: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        guard let first = text.first else { return nil }
        switch first {
        case UInt8(ascii: "t") where text.count == 4: return .bool(true)
        case UInt8(ascii: "f") where text.count == 5: return .bool(false)
        case UInt8(ascii: "\""):
            guard text.count >= 2, !text.contains(UInt8(ascii: "\\")) else { return nil }
            return .string(String(decoding: UnsafeBufferPointer(rebasing: text[1..<(text.count - 1)]), as: UTF8.self))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let negative = first == UInt8(ascii: "-")
            let digits = text[(negative ? 1 : 0)...]
            guard !digits.isEmpty, digits.count <= 18 else { return nil }
            var value = 0
            for byte in digits {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value &* 10 &+ Int(byte &- UInt8(ascii: "0"))
            }
            return .int(negative ? -value : value)
        default:
            return nil
        }
    }

    /// Whether leaf `leaf`'s text is `text`.
    func text(of leaf: Int, equals text: UnsafeRawBufferPointer) -> Bool {
        bytes.withUnsafeBytes { bytes in
            let range = range(of: leaf)
            return range.count == text.count && memcmp(bytes.baseAddress.unsafelyUnwrapped + range.lowerBound, text.baseAddress.unsafelyUnwrapped,
                                                       text.count) == 0
        }
    }

    /// Replaces the values of `leaves` (ascending) with `values`; returns the texts they had (slices
    /// of the texts before), or `nil`, changing nothing, when the texts would no longer fit the offsets.
    mutating func replace(_ leaves: UnsafeBufferPointer<Int>, with values: UnsafeBufferPointer<JSONValue>) -> [ArraySlice<UInt8>]? {
        var output = JSONByteWriter(capacity: bytes.count + leaves.count * 8)
        var copied = 0
        var newEnds = ends
        var shift = 0, next = 0
        bytes.withUnsafeBufferPointer { bytes in
            for leaf in 0..<ends.count {
                if next < leaves.count, leaves[next] == leaf {
                    let range = self.range(of: leaf)
                    output.append(UnsafeBufferPointer(rebasing: bytes[copied..<range.lowerBound]))
                    let start = output.byteCount
                    ReportedStore.writeLeaf(values[next], into: &output)
                    shift &+= (output.byteCount &- start) &- range.count
                    copied = range.upperBound
                    next &+= 1
                }
                newEnds[leaf] = UInt16(truncatingIfNeeded: Int(ends[leaf]) &+ shift)
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[copied...]))
        }
        guard output.byteCount - ReportedShape.padding <= Int(UInt16.max) else { return nil }
        let old = leaves.map { bytes[range(of: $0)] }
        bytes = output.makeArray()
        ends = newEnds
        return old
    }
}

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

    /// Replaces the values of `leaves` (ascending) with `values`, passing `oldText` each one's index in
    /// `leaves` and the text it had; returns `false`, changing nothing and passing nothing, when the
    /// texts would no longer fit the offsets. The new texts are
    /// written first: when each is as long as the one it replaces (a routine step's level for the one
    /// before, most often) they are copied over the old ones; otherwise the texts are copied again
    /// around them, and only the offsets after a changed leaf move.
    mutating func replace(_ leaves: UnsafeBufferPointer<Int>, with values: UnsafeBufferPointer<JSONValue>,
                          oldText: (Int, UnsafeRawBufferPointer) -> Void) -> Bool {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: leaves.count) { lengths in
            var fresh = JSONByteWriter(capacity: leaves.count &* 20)
            var growth = 0, sameLengths = true
            for index in 0..<leaves.count {
                let start = fresh.byteCount
                ReportedStore.writeLeaf(values[index], into: &fresh)
                lengths[index] = fresh.byteCount &- start
                let change = lengths[index] &- range(of: leaves[index]).count
                growth &+= change
                sameLengths = sameLengths && change == 0
            }
            guard textByteCount &+ growth <= Int(UInt16.max) else { return false }
            fresh.withUnsafeBytes { fresh in
                if sameLengths {
                    overwrite(leaves, with: fresh, oldText: oldText)
                } else {
                    rewrite(leaves, with: fresh, lengths: UnsafeBufferPointer(lengths), growingBy: growth, oldText: oldText)
                }
            }
            return true
        }
    }

    /// Copies the new texts over the old ones, each as long as the one it replaces; passes each old one on
    /// before it is overwritten.
    private mutating func overwrite(_ leaves: UnsafeBufferPointer<Int>, with fresh: UnsafeRawBufferPointer,
                                    oldText: (Int, UnsafeRawBufferPointer) -> Void) {
        let ends = self.ends
        func range(_ leaf: Int) -> Range<Int> { (leaf == 0 ? 0 : Int(ends[leaf &- 1]))..<Int(ends[leaf]) }
        var offset = 0
        bytes.withUnsafeMutableBytes { bytes in
            for index in leaves.indices {
                let range = range(leaves[index])
                oldText(index, UnsafeRawBufferPointer(rebasing: bytes[range]))
                UnsafeMutableRawBufferPointer(rebasing: bytes[range])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: fresh[offset..<(offset &+ range.count)]))
                offset &+= range.count
            }
        }
    }

    /// Writes the texts again with the new ones (`lengths` bytes each, one after the other in `fresh`)
    /// in place of the old, and moves the offsets from each changed leaf on by what the texts up to it
    /// grew; passes the old texts on (in the array before, while it lives).
    private mutating func rewrite(_ leaves: UnsafeBufferPointer<Int>, with fresh: UnsafeRawBufferPointer,
                                  lengths: UnsafeBufferPointer<Int>, growingBy growth: Int, oldText: (Int, UnsafeRawBufferPointer) -> Void) {
        let oldBytes = bytes
        var output = JSONByteWriter(capacity: oldBytes.count &+ max(0, growth))
        let count = ends.count
        let newTexts = fresh.assumingMemoryBound(to: UInt8.self)
        oldBytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeMutableBufferPointer { ends in
                var copied = 0, shift = 0, offset = 0
                for index in 0..<leaves.count {
                    let leaf = leaves[index]
                    // The offsets before `leaf` have moved by `shift` already; its own has not.
                    let oldStart = leaf == 0 ? 0 : Int(ends[leaf &- 1]) &- shift
                    let oldEnd = Int(ends[leaf])
                    output.append(UnsafeBufferPointer(rebasing: bytes[copied..<oldStart]))
                    oldText(index, UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[oldStart..<oldEnd])))
                    let length = lengths[index]
                    output.append(UnsafeBufferPointer(rebasing: newTexts[offset..<(offset &+ length)]))
                    offset &+= length
                    shift &+= length &- (oldEnd &- oldStart)
                    copied = oldEnd
                    let next = index &+ 1 < leaves.count ? leaves[index &+ 1] : count
                    if shift != 0 {
                        for moved in leaf..<next { ends[moved] = UInt16(truncatingIfNeeded: Int(ends[moved]) &+ shift) }
                    }
                }
                output.append(UnsafeBufferPointer(rebasing: bytes[copied...]))
            }
        }
        bytes = output.makeArray()
    }
}

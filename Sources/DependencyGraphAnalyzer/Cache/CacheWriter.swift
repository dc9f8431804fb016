/// Appends values in the analyzer cache's compact binary form: integers as LEB128 varints (zig-zag for
/// signed ones), strings as their UTF-8 length and bytes, arrays as their count and elements. Far cheaper to
/// write and read than JSON; ``CacheReader`` reads it back.
struct CacheWriter {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// An unsigned varint.
    mutating func write(unsigned value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// A signed integer (zig-zag, so small negative numbers stay short).
    mutating func write(_ value: Int) {
        let wide = Int64(value)
        write(unsigned: UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    mutating func write(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func write(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            write(unsigned: UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func write(_ value: String?) {
        write(value != nil)
        if let value { write(value) }
    }

    mutating func write(_ values: [String]) {
        write(values.count)
        for value in values { write(value) }
    }

    /// An array, each element written by `element`.
    mutating func write<Element>(_ values: [Element], _ element: (inout CacheWriter, Element) -> Void) {
        write(values.count)
        for value in values { element(&self, value) }
    }

    /// Raw bytes, as they are.
    mutating func append(raw: some Sequence<UInt8>) {
        bytes.append(contentsOf: raw)
    }
}

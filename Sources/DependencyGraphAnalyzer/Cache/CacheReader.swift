/// Reads what ``CacheWriter`` wrote, checking every length against the bytes that are there: a truncated or
/// damaged cache file throws ``CacheReader/Damaged`` (the caller treats the cache as missing), never traps.
/// It reads from memory it does not own: use it only inside the `withUnsafeBytes` that lends the bytes.
struct CacheReader {
    /// The cache file does not hold what the reader expects.
    struct Damaged: Error {}

    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset == bytes.count }

    mutating func unsigned() throws(Damaged) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw Damaged() }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    mutating func int() throws(Damaged) -> Int {
        let raw = try unsigned()
        let value = Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
        guard let result = Int(exactly: value) else { throw Damaged() }
        return result
    }

    /// A count of items still to come, each at least one byte long.
    mutating func count() throws(Damaged) -> Int {
        let value = try int()
        guard value >= 0, value <= bytes.count - offset else { throw Damaged() }
        return value
    }

    mutating func bool() throws(Damaged) -> Bool {
        guard offset < bytes.count else { throw Damaged() }
        let byte = bytes[offset]
        offset += 1
        guard byte <= 1 else { throw Damaged() }
        return byte == 1
    }

    mutating func string() throws(Damaged) -> String {
        let length = try unsigned()
        guard length <= UInt64(bytes.count - offset) else { throw Damaged() }
        let start = offset
        offset += Int(length)
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    }

    mutating func optionalString() throws(Damaged) -> String? {
        try bool() ? try string() : nil
    }

    mutating func strings() throws(Damaged) -> [String] {
        try array { reader throws(Damaged) in try reader.string() }
    }

    /// An array, each element read by `element`.
    mutating func array<Element>(_ element: (inout CacheReader) throws(Damaged) -> Element) throws(Damaged) -> [Element] {
        let count = try count()
        var result: [Element] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(try element(&self)) }
        return result
    }

    /// A value of a `RawRepresentable` enum stored as its raw string.
    mutating func rawValue<Value: RawRepresentable<String>>(_ type: Value.Type) throws(Damaged) -> Value {
        guard let value = Value(rawValue: try string()) else { throw Damaged() }
        return value
    }

    /// The next `count` raw bytes.
    mutating func raw(count: Int) throws(Damaged) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= bytes.count - offset else { throw Damaged() }
        let start = offset
        offset += count
        return UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
    }
}

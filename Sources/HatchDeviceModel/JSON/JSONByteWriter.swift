import Foundation

/// A growing buffer that JSON text is written into: an append is a bounds check and a copy, where
/// `Array`'s costs a uniqueness check and a call each time. A device's report appends a few
/// hundred pieces (keys, digits, punctuation, copied runs of its last encoding), so this is most of
/// what writing one costs. Not copyable: it owns its memory, and hands it over once as an array or
/// as `Data`.
public struct JSONByteWriter: ~Copyable {
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var count: Int
    @usableFromInline var capacity: Int

    /// An empty buffer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 256) {
        self.capacity = max(16, capacity)
        start = Self.allocate(self.capacity)
        count = 0
    }

    deinit { free(start) }

    /// The buffer comes from `malloc`, so `Data` can take it over and free it (`.free`).
    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = malloc(capacity) else { fatalError("JSONByteWriter: out of memory for \(capacity) bytes") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }

    /// The bytes written so far.
    public var byteCount: Int { count }

    /// Appends one byte.
    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        start[count] = byte
        count &+= 1
    }

    /// Appends `bytes`.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        if capacity - count < bytes.count { grow(toHold: bytes.count) }
        (start + count).update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count &+= bytes.count
    }

    /// Appends `bytes`.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(bytes))
    }

    /// Appends ASCII or UTF-8 text known when the program was built (keys, punctuation, `null`).
    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `bytes`.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Makes room for `additional` more bytes, growing the buffer to exactly what they need (not
    /// doubling it): for a writer that knows what it is about to write.
    public mutating func reserveCapacity(forAdditional additional: Int) {
        let needed = count + additional
        guard needed > capacity, let memory = realloc(start, needed) else { return }
        start = memory.assumingMemoryBound(to: UInt8.self)
        capacity = needed
    }

    /// Appends a copy of bytes already written (`range` of the bytes so far): a document written
    /// twice with small differences copies its first writing between them.
    @inlinable
    public mutating func append(copyOf range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "JSONByteWriter: \(range) is not within the \(count) bytes written")
        if capacity - count < range.count { grow(toHold: range.count) }
        (start + count).update(from: start + range.lowerBound, count: range.count)
        count &+= range.count
    }

    /// Lets `body` write at most `maximum` bytes straight into the buffer; it returns how many it wrote.
    @inlinable @inline(__always)
    public mutating func appendInPlace(atMost maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if capacity - count < maximum { grow(toHold: maximum) }
        count &+= body(start + count)
    }

    /// Makes room for `needed` more bytes, at least doubling the buffer.
    @usableFromInline
    mutating func grow(toHold needed: Int) {
        let newCapacity = max(capacity * 2, count + needed)
        guard let memory = realloc(start, newCapacity) else { fatalError("JSONByteWriter: out of memory for \(newCapacity) bytes") }
        start = memory.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    /// Calls `body` with the bytes written so far.
    @inlinable
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The bytes from `offset` on, as an array of exactly their size (the writer keeps them).
    public func array(from offset: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: start + offset, count: count - offset))
    }

    /// The bytes as an array of exactly their size.
    public consuming func makeArray() -> [UInt8] {
        array(from: 0)
    }

    /// Hands the buffer over as the bytes written (the block may be larger): it comes from `malloc`, and
    /// the caller frees it.
    public consuming func takeBytes() -> UnsafeMutableRawBufferPointer {
        let (start, count) = (self.start, self.count)
        discard self
        return UnsafeMutableRawBufferPointer(start: start, count: count)
    }

    /// The bytes as `Data`. A buffer they nearly fill is handed over as it is; otherwise they are
    /// copied to one of their size, as `Data` may keep them for long (a will, a retained record) and
    /// a buffer trimmed in place would leave a hole beside it that little can fill. A payload that
    /// is sent and dropped at once (`transient`) is always handed over without a copy.
    public consuming func makeData(transient: Bool = false) -> Data {
        let (start, count, capacity) = (self.start, self.count, self.capacity)
        discard self
        guard !transient, capacity - count > 32 else {
            return Data(bytesNoCopy: start, count: count, deallocator: .free)
        }
        defer { free(start) }
        return Data(bytes: start, count: count)
    }
}

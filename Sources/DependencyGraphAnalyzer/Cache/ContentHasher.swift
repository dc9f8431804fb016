/// A fast 64-bit content hash (FNV-1a over 8-byte words, then mixed): good enough to tell whether a
/// source file changed; not a cryptographic hash.
public enum ContentHasher {
    /// The hash of the bytes as 16 hex digits, prefixed by the length so equal-hash collisions also need equal sizes.
    public static func hash(_ bytes: [UInt8]) -> String {
        "\(bytes.count)-" + String(bytes.withUnsafeBytes(digest), radix: 16)
    }

    /// The 64-bit digest behind the content hash, of bytes in memory (the analyzer cache checks its
    /// files with it).
    static func digest(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var state: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01b3
        let count = raw.count
        var index = 0
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            state = (state ^ word) &* prime
            state ^= state >> 29
            index += 8
        }
        while index < count {
            state = (state ^ UInt64(raw[index])) &* prime
            index += 1
        }
        state ^= state >> 33
        state = state &* 0xff51_afd7_ed55_8ccd
        state ^= state >> 33
        return state
    }

    public static func hash(_ parts: [String]) -> String {
        var bytes: [UInt8] = []
        for part in parts {
            bytes += part.utf8
            bytes.append(0)
        }
        return hash(bytes)
    }
}

/// An immutable open-addressing table from a type's identity to its registration.
///
/// Built once, read without locks by any thread. Hashing is a multiply-shift of the metadata pointer, which
/// is cheaper than `Hasher` and well spread for pointer-sized keys.
struct FrozenTable: Sendable {
    private struct Slot: Sendable {
        let key: UInt
        let value: Registration?
    }

    private let slots: ContiguousArray<Slot>
    private let shift: UInt
    private let mask: Int
    let count: Int

    static let empty = FrozenTable([])

    init(_ entries: some Collection<(ObjectIdentifier, Registration)>) {
        var bits: UInt = 1
        while (1 << bits) < entries.count * 2 { bits += 1 }
        let capacity = 1 << bits
        var slots = ContiguousArray(repeating: Slot(key: 0, value: nil), count: capacity)
        for (identifier, registration) in entries {
            let key = UInt(bitPattern: Int(bitPattern: identifier))
            var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> (64 - bits))
            while slots[index].key != 0 && slots[index].key != key { index = (index + 1) & (capacity - 1) }
            slots[index] = Slot(key: key, value: registration)
        }
        self.slots = slots
        self.shift = 64 - bits
        self.mask = capacity - 1
        self.count = entries.count
    }

    /// The registration for `identifier`, if present.
    @inline(__always)
    func find(_ identifier: ObjectIdentifier) -> Registration? {
        let key = UInt(bitPattern: Int(bitPattern: identifier))
        var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        return slots.withUnsafeBufferPointer { buffer in
            while true {
                let slot = buffer[index]
                if slot.key == key { return slot.value }
                if slot.key == 0 { return nil }
                index = (index + 1) & mask
            }
        }
    }

    /// Every registration in the table.
    var registrations: [Registration] {
        slots.compactMap(\.value)
    }
}

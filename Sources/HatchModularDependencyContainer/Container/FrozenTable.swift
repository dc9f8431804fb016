/// An immutable open-addressing table from a type's identity to its registration.
///
/// Built once, read without locks by any thread. Hashing is a multiply-shift of the metadata pointer, which
/// is cheaper than `Hasher` and well spread for pointer-sized keys. Slots hold registrations unretained:
/// whoever owns the table also owns the registrations (`owned`).
struct FrozenTable: Sendable {
    struct Slot: @unchecked Sendable {
        let key: UInt
        let value: Unmanaged<Registration>?
    }

    let slots: ContiguousArray<Slot>
    let shift: UInt
    let mask: Int
    /// Keeps the registrations alive.
    private let owned: [Registration]

    static let empty = FrozenTable([])

    /// A table of unkeyed registrations, indexed by their type.
    init(_ registrations: [Registration]) {
        var bits: UInt = 1
        while (1 << bits) < registrations.count * 2 { bits += 1 }
        let capacity = 1 << bits
        var slots = ContiguousArray(repeating: Slot(key: 0, value: nil), count: capacity)
        for registration in registrations {
            let key = UInt(bitPattern: Int(bitPattern: registration.spec.key.typeIdentifier))
            var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> (64 - bits))
            while slots[index].key != 0 && slots[index].key != key { index = (index + 1) & (capacity - 1) }
            slots[index] = Slot(key: key, value: .passUnretained(registration))
        }
        self.slots = slots
        self.shift = 64 - bits
        self.mask = capacity - 1
        self.owned = registrations
    }

    /// The registration for `identifier`, unretained (valid while the table's owner lives).
    @inline(__always)
    func lookup(_ identifier: ObjectIdentifier) -> Unmanaged<Registration>? {
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

    /// The registration for `identifier`, if present.
    func find(_ identifier: ObjectIdentifier) -> Registration? {
        lookup(identifier)?.takeUnretainedValue()
    }

    /// Every registration in the table.
    var registrations: [Registration] { owned }
}

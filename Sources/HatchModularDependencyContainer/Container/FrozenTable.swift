/// An immutable open-addressing table from a type's identity to its registration, in one allocation.
///
/// Built once, read without locks by any thread. Hashing is a multiply-shift of the metadata pointer, which
/// is cheaper than `Hasher` and well spread for pointer-sized keys. The slots sit behind the header
/// (`ManagedBuffer`), never move and retain their registrations, so a container can keep a plain pointer to
/// them and `resolve` can probe them inline (see ``FrozenSlot``).
///
/// `ManagedBuffer` cannot be `Sendable`; holders mark their reference `nonisolated(unsafe)`, which is sound
/// because nothing writes a table after it is published.
final class FrozenTable: ManagedBuffer<FrozenTableHeader, FrozenSlot> {
    /// The table with no registrations (two empty slots), shared by every container without unkeyed ones.
    nonisolated(unsafe) static let empty = FrozenTable.make(capacityFor: 0)

    /// A table of unkeyed registrations, indexed by their type.
    static func make(_ registrations: some Collection<Registration>) -> FrozenTable {
        let table = make(capacityFor: registrations.count)
        for registration in registrations { table.insert(registration) }
        return table
    }

    /// An empty table with room for `count` registrations (at most half its slots are used).
    static func make(capacityFor count: Int) -> FrozenTable {
        var bits: UInt = 1
        while (1 << bits) < count * 2 { bits += 1 }
        let capacity = 1 << bits
        let header = FrozenTableHeader(shift: 64 - bits, mask: capacity - 1)
        let table = unsafeDowncast(FrozenTable.create(minimumCapacity: capacity) { _ in header }, to: FrozenTable.self)
        table.withUnsafeMutablePointerToElements { slots in
            slots.initialize(repeating: FrozenSlot(key: 0, registration: nil), count: capacity)
        }
        return table
    }

    /// Adds (or replaces) the registration of its type. Only while the table is being built, before anyone
    /// reads it.
    func insert(_ registration: Registration) {
        let key = UInt(bitPattern: Int(bitPattern: registration.key.typeIdentifier))
        let (shift, mask) = (shape.shift, shape.mask)
        withUnsafeMutablePointerToElements { slots in
            var index = Int(truncatingIfNeeded: (key &* FrozenSlot.multiplier) &>> shift)
            while slots[index].key != 0 && slots[index].typeKey != key { index = (index &+ 1) & mask }
            slots[index].registration?.release()
            slots[index] = FrozenSlot(
                key: registration.servesFromCellOffMainActor ? key | 1 : key,
                registration: .passRetained(registration)
            )
        }
    }

    /// Calls `body` with every registration in the table.
    func forEach(_ body: (Registration) -> Void) {
        let mask = shape.mask
        withUnsafeMutablePointerToElements { slots in
            for index in 0...mask {
                slots[index].registration?._withUnsafeGuaranteedRef(body)
            }
        }
    }

    deinit {
        withUnsafeMutablePointers { header, slots in
            for index in 0...header.pointee.mask { slots[index].registration?.release() }
            slots.deinitialize(count: header.pointee.mask + 1)
        }
    }

    /// The table's size, read through the header's address: reading `ManagedBuffer.header` itself would be
    /// a dynamically checked access to a class's stored `var` on every lookup.
    var shape: FrozenTableHeader {
        withUnsafeMutablePointerToHeader { $0.pointee }
    }

    /// The first slot; valid, and never moving, while the table lives.
    var slots: UnsafePointer<FrozenSlot> {
        UnsafePointer(withUnsafeMutablePointerToElements { $0 })
    }

    /// The registration for `identifier`, unretained (valid while the table lives).
    @inline(__always)
    func lookup(_ identifier: ObjectIdentifier) -> Unmanaged<Registration>? {
        let key = UInt(bitPattern: Int(bitPattern: identifier))
        let shape = shape
        let mask = shape.mask
        var index = Int(truncatingIfNeeded: (key &* FrozenSlot.multiplier) &>> shape.shift)
        return withUnsafeMutablePointerToElements { slots in
            while true {
                let slot = slots[index]
                if slot.typeKey == key { return slot.registration }
                if slot.key == 0 { return nil }
                index = (index &+ 1) & mask
            }
        }
    }

    /// The registration for `identifier`, if present.
    func find(_ identifier: ObjectIdentifier) -> Registration? {
        lookup(identifier)?.takeUnretainedValue()
    }
}

/// The size of a ``FrozenTable``: `shift` turns a hash into a slot index, `mask` wraps a probe.
struct FrozenTableHeader: Sendable {
    let shift: UInt
    let mask: Int
}

/// One slot of a ``FrozenTable``: the type's metadata address (0 when empty), with its lowest bit set when
/// `resolve` may return the registration's published value directly (an off-main-actor singleton or
/// input), and the registration, retained by the table.
@usableFromInline
struct FrozenSlot: @unchecked Sendable {
    /// The multiply-shift hashing constant (2⁶⁴ divided by the golden ratio).
    @inlinable static var multiplier: UInt { 0x9E37_79B9_7F4A_7C15 }

    @usableFromInline let key: UInt
    @usableFromInline var registration: Unmanaged<Registration>?

    /// The type's metadata address without the flag bit.
    @inlinable var typeKey: UInt { key & ~1 }
}

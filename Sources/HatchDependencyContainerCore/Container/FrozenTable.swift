/// An immutable open-addressing table from a type's identity to its registration, in one allocation.
///
/// Built once, read without locks by any thread. Hashing is a multiply-shift of the metadata pointer, which
/// is cheaper than `Hasher` and well spread for pointer-sized keys. Behind the header (`ManagedBuffer`) sit
/// two arrays of words, one slot each: the keys, then the registrations (retained by the table). Keeping
/// them apart lets a probe index a key with one scaled load. They never move, so a container can keep plain
/// pointers to them and `resolve` can probe them inline (see ``FrozenKey``).
///
/// `ManagedBuffer` cannot be `Sendable`; holders mark their reference `nonisolated(unsafe)`, which is sound
/// because nothing writes a table after it is published.
final class FrozenTable: ManagedBuffer<FrozenTableHeader, UInt> {
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
        let table = unsafeDowncast(FrozenTable.create(minimumCapacity: 2 * capacity) { _ in header }, to: FrozenTable.self)
        table.withUnsafeMutablePointerToElements { words in
            words.initialize(repeating: 0, count: 2 * capacity)
        }
        return table
    }

    /// Adds (or replaces) the registration of its type. Only while the table is being built, before anyone
    /// reads it.
    func insert(_ registration: Registration) {
        let key = FrozenKey.of(registration.key.typeIdentifier)
        let (shift, mask) = (shape.shift, shape.mask)
        withUnsafeMutablePointerToElements { keys in
            let registrations = keys + (mask + 1)
            var index = FrozenKey.home(of: key, shift: shift)
            while keys[index] != 0 && keys[index] & ~1 != key { index = (index &+ 1) & mask }
            if let old = FrozenKey.registration(registrations[index]) { old.release() }
            keys[index] = registration.servesFromCellOffMainActor ? key | 1 : key
            registrations[index] = UInt(bitPattern: Unmanaged.passRetained(registration).toOpaque())
        }
    }

    /// Calls `body` with every registration in the table.
    func forEach(_ body: (Registration) -> Void) {
        let mask = shape.mask
        withUnsafeMutablePointerToElements { keys in
            for index in 0...mask {
                FrozenKey.registration(keys[mask + 1 + index])?._withUnsafeGuaranteedRef(body)
            }
        }
    }

    deinit {
        withUnsafeMutablePointers { header, keys in
            let capacity = header.pointee.mask + 1
            for index in 0..<capacity { FrozenKey.registration(keys[capacity + index])?.release() }
            keys.deinitialize(count: 2 * capacity)
        }
    }

    /// The table's size, read through the header's address: reading `ManagedBuffer.header` itself would be
    /// a dynamically checked access to a class's stored `var` on every lookup.
    var shape: FrozenTableHeader {
        withUnsafeMutablePointerToHeader { $0.pointee }
    }

    /// The first key; valid, and never moving, while the table lives.
    var keys: UnsafePointer<UInt> {
        UnsafePointer(withUnsafeMutablePointerToElements { $0 })
    }

    /// The first registration (as the bits of an unretained reference, 0 when empty); valid, and never
    /// moving, while the table lives.
    var registrations: UnsafePointer<UInt> {
        keys + (shape.mask + 1)
    }

    /// The registration for `identifier`, unretained (valid while the table lives).
    @inline(__always)
    func lookup(_ identifier: ObjectIdentifier) -> Unmanaged<Registration>? {
        let key = FrozenKey.of(identifier)
        let shape = shape
        let mask = shape.mask
        var index = FrozenKey.home(of: key, shift: shape.shift)
        return withUnsafeMutablePointerToElements { keys in
            while true {
                let slot = keys[index]
                if slot & ~1 == key { return FrozenKey.registration(keys[mask + 1 + index]) }
                if slot == 0 { return nil }
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

/// How a ``FrozenTable`` slot is keyed: the type's metadata address (0 when empty), with its lowest bit set
/// when `resolve` may return the registration's published value directly (an off-main-actor singleton or
/// input).
@usableFromInline
enum FrozenKey {
    /// The multiply-shift hashing constant (2⁶⁴ divided by the golden ratio).
    @inlinable static var multiplier: UInt { 0x9E37_79B9_7F4A_7C15 }

    /// The key of a type: its metadata address, whose lowest bit is always clear.
    @inlinable static func of(_ identifier: ObjectIdentifier) -> UInt {
        UInt(bitPattern: Int(bitPattern: identifier))
    }

    /// The slot where the probe for `key` starts.
    @inlinable static func home(of key: UInt, shift: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* multiplier) &>> shift)
    }

    /// The registration a slot holds, from its stored bits.
    @inlinable static func registration(_ bits: UInt) -> Unmanaged<Registration>? {
        UnsafeRawPointer(bitPattern: bits).map { Unmanaged<Registration>.fromOpaque($0) }
    }
}

import Synchronization

/// Per-container memo of registrations found in ancestors, so resolving at depth 10 costs what depth 1 does.
///
/// Readers load an immutable snapshot through one atomic word and never lock. A miss walks the parent chain
/// and publishes a new snapshot under a mutex (read-copy-update). Replaced snapshots stay alive until the
/// container goes away, so a reader never sees freed memory; growth is capped.
struct LookupCache: ~Copyable, Sendable {
    /// Snapshots ever published (the last one is current); they keep each other's memory alive.
    private let published = Mutex<[LookupSnapshot]>([])
    private let current = Atomic<UInt>(0)
    /// Beyond this many memoized types, lookups simply walk the chain.
    private static let capacity = 64

    /// The memoized registration for an unkeyed type, unretained (the ancestors that own it outlive us).
    @inline(__always)
    func lookup(_ identifier: ObjectIdentifier) -> Unmanaged<Registration>? {
        let raw = current.load(ordering: .acquiring)
        guard raw != 0 else { return nil }
        return Unmanaged<LookupSnapshot>.fromOpaque(UnsafeRawPointer(bitPattern: raw).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { $0.unkeyed.lookup(identifier) }
    }

    /// The memoized registration for an unkeyed type.
    func find(_ identifier: ObjectIdentifier) -> Registration? {
        lookup(identifier)?.takeUnretainedValue()
    }

    /// The memoized registration for a keyed type.
    func find(_ key: RegistrationKey) -> Registration? {
        let raw = current.load(ordering: .acquiring)
        guard raw != 0 else { return nil }
        return Unmanaged<LookupSnapshot>.fromOpaque(UnsafeRawPointer(bitPattern: raw).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { $0.keyed[key] }
    }

    /// Memoizes `registration` for `key`.
    func remember(_ registration: Registration, for key: RegistrationKey) {
        published.withLock { snapshots in
            let last = snapshots.last
            var unkeyed = last?.unkeyedEntries ?? [:]
            var keyed = last?.keyed ?? [:]
            guard unkeyed.count + keyed.count < Self.capacity else { return }
            if key.key == nil {
                guard unkeyed.updateValue(registration, forKey: key.typeIdentifier) == nil else { return }
            } else {
                guard keyed.updateValue(registration, forKey: key) == nil else { return }
            }
            let snapshot = LookupSnapshot(unkeyedEntries: unkeyed, keyed: keyed)
            snapshots.append(snapshot)
            current.store(UInt(bitPattern: Unmanaged.passUnretained(snapshot).toOpaque()), ordering: .releasing)
        }
    }
}

/// One immutable generation of a ``LookupCache``.
final class LookupSnapshot: Sendable {
    let unkeyedEntries: [ObjectIdentifier: Registration]
    let unkeyed: FrozenTable
    let keyed: [RegistrationKey: Registration]

    init(unkeyedEntries: [ObjectIdentifier: Registration], keyed: [RegistrationKey: Registration]) {
        self.unkeyedEntries = unkeyedEntries
        self.unkeyed = FrozenTable(Array(unkeyedEntries.values))
        self.keyed = keyed
    }
}

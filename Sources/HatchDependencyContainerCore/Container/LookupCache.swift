import Foundation
import Synchronization

/// The mutable part of a container: a memo of registrations found in ancestors (so resolving at depth 10
/// costs what depth 1 does) and the cells of scoped instances.
///
/// Readers load an immutable snapshot through one atomic word and never lock. A miss walks the parent chain
/// and publishes a new snapshot under the lock (read-copy-update). Replaced snapshots stay alive until the
/// container goes away, so a reader never sees freed memory; growth is capped. The lock is a pthread mutex
/// (`NSLock`), which ThreadSanitizer understands.
final class LookupCache: @unchecked Sendable {
    private let lock = NSLock()
    /// Scoped-instance cells of this container, by registration. Guarded by `lock`.
    private var scopedCells: [ObjectIdentifier: InstanceCell] = [:]
    /// Snapshots ever published (the last one is current); they keep each other's memory alive. Guarded by `lock`.
    private var published: [LookupSnapshot] = []
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
        lock.lock()
        defer { lock.unlock() }
        let last = published.last
        var unkeyed = last?.unkeyedEntries ?? [:]
        var keyed = last?.keyed ?? [:]
        guard unkeyed.count + keyed.count < Self.capacity else { return }
        if key.key == nil {
            guard unkeyed.updateValue(registration, forKey: key.typeIdentifier) == nil else { return }
        } else {
            guard keyed.updateValue(registration, forKey: key) == nil else { return }
        }
        let snapshot = LookupSnapshot(unkeyedEntries: unkeyed, keyed: keyed)
        published.append(snapshot)
        current.store(UInt(bitPattern: Unmanaged.passUnretained(snapshot).toOpaque()), ordering: .releasing)
    }
}

extension LookupCache {
    /// The scoped-instance cell of `registration` in this container.
    func scopedCell(for registration: Registration) -> InstanceCell {
        lock.lock()
        defer { lock.unlock() }
        if let cell = scopedCells[ObjectIdentifier(registration)] { return cell }
        let cell = InstanceCell()
        scopedCells[ObjectIdentifier(registration)] = cell
        return cell
    }
}

/// One immutable generation of a ``LookupCache``.
final class LookupSnapshot: Sendable {
    let unkeyedEntries: [ObjectIdentifier: Registration]
    nonisolated(unsafe) let unkeyed: FrozenTable
    let keyed: [RegistrationKey: Registration]

    init(unkeyedEntries: [ObjectIdentifier: Registration], keyed: [RegistrationKey: Registration]) {
        self.unkeyedEntries = unkeyedEntries
        self.unkeyed = FrozenTable.make(unkeyedEntries.values)
        self.keyed = keyed
    }
}

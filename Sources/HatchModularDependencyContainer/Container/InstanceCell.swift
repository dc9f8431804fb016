import Synchronization

/// Where a singleton, scoped or input value is published: one atomic word, read without a lock.
///
/// `owner` (the resolution constructing the value) is guarded by ``ConstructionCoordinator``'s lock.
final class InstanceCell: @unchecked Sendable {
    private let storage: Atomic<UInt>
    /// The resolution currently running the factory, if any. Guarded by the coordinator's lock.
    var owner: ResolutionContext?

    init() {
        storage = Atomic(0)
    }

    init(value: AnyInstanceBox) {
        storage = Atomic(UInt(bitPattern: Unmanaged.passRetained(value).toOpaque()))
    }

    /// The published value, if any (acquire: everything the factory wrote is visible).
    @inline(__always)
    func load<T>(as type: T.Type) -> T? {
        let raw = storage.load(ordering: .acquiring)
        guard raw != 0 else { return nil }
        return Unmanaged<AnyInstanceBox>
            .fromOpaque(UnsafeRawPointer(bitPattern: raw).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { unsafeDowncast($0, to: InstanceBox<T>.self).value }
    }

    /// Whether a value has been published.
    var isFilled: Bool {
        storage.load(ordering: .acquiring) != 0
    }

    /// Publishes `value` once (release: readers see a fully built value).
    func publish(_ value: AnyInstanceBox) {
        storage.store(UInt(bitPattern: Unmanaged.passRetained(value).toOpaque()), ordering: .releasing)
    }

    deinit {
        let raw = storage.load(ordering: .acquiring)
        if raw != 0 {
            Unmanaged<AnyInstanceBox>.fromOpaque(UnsafeRawPointer(bitPattern: raw).unsafelyUnwrapped).release()
        }
    }
}

import Synchronization

/// Where a singleton, scoped or input value is published: one atomic word, read without a lock.
///
/// `owner` (the resolution constructing the value) is guarded by ``ConstructionCoordinator``'s lock.
/// ``Registration`` inherits from it, so a singleton's value sits in its registration (no extra hop).
@usableFromInline
class InstanceCell: @unchecked Sendable {
    @usableFromInline let storage: Atomic<UInt>
    /// The published value itself when it is one class instance (see ``AnyInstanceBox/objectBits``), else 0.
    @usableFromInline let publishedObject: Atomic<UInt>
    /// The resolution currently running the factory, if any. Guarded by the coordinator's lock.
    final var owner: ResolutionContext?

    init() {
        storage = Atomic(0)
        publishedObject = Atomic(0)
    }

    init(value: AnyInstanceBox) {
        storage = Atomic(UInt(bitPattern: Unmanaged.passRetained(value).toOpaque()))
        publishedObject = Atomic(value.objectBits)
    }

    /// The published box, if any (acquire: everything the factory wrote is visible).
    @inlinable
    final var published: UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: storage.load(ordering: .acquiring))
    }

    /// The published value, if any.
    @inline(__always)
    final func load<T>(as type: T.Type) -> T? {
        guard let raw = published else { return nil }
        return Unmanaged<InstanceBox<T>>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.value }
    }

    /// The published value, if any, for `resolve`'s inlined fast path: a class instance straight from
    /// ``publishedObject``, anything else through its box.
    @inlinable @inline(__always)
    final func _publishedValue<T>(as type: T.Type) -> T? {
        if MemoryLayout<T>.size == MemoryLayout<UInt>.size {
            let object = publishedObject.load(ordering: .acquiring)
            if object != 0 { return withUnsafeBytes(of: object) { $0.load(as: T.self) } }
        }
        guard let raw = published else { return nil }
        return Unmanaged<InstanceBox<T>>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.value }
    }

    /// Whether a value has been published.
    final var isFilled: Bool {
        published != nil
    }

    /// Publishes `value` once (release: readers see a fully built value).
    final func publish(_ value: AnyInstanceBox) {
        storage.store(UInt(bitPattern: Unmanaged.passRetained(value).toOpaque()), ordering: .releasing)
        publishedObject.store(value.objectBits, ordering: .releasing)
    }

    deinit {
        if let raw = published {
            Unmanaged<AnyInstanceBox>.fromOpaque(raw).release()
        }
    }
}

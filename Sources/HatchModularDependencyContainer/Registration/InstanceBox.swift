/// Type-erased holder of a resolved value, so one atomic word can publish any value.
@usableFromInline
class AnyInstanceBox: @unchecked Sendable {
    /// The value's bits when it is one class instance, else 0: published beside the box so a cached
    /// resolve reads the instance with one load fewer (the box keeps it alive).
    final let objectBits: UInt

    @usableFromInline
    init(objectBits: UInt) {
        self.objectBits = objectBits
    }
}

/// Holds one resolved value of `T`. Values of main-actor registrations are only read on the main actor.
@usableFromInline
final class InstanceBox<T>: AnyInstanceBox, @unchecked Sendable {
    @usableFromInline
    let value: T

    init(_ value: T) {
        self.value = value
        let isInstance = MemoryLayout<T>.size == MemoryLayout<UInt>.size && T.self is AnyClass
        super.init(objectBits: isInstance ? withUnsafeBytes(of: value) { $0.load(as: UInt.self) } : 0)
    }
}

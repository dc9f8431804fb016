/// Type-erased holder of a resolved value, so one atomic word can publish any value.
@usableFromInline
class AnyInstanceBox: @unchecked Sendable {
    @usableFromInline
    init() {}

    /// The value's bits when it is one class instance, else 0: published beside the box so a cached
    /// resolve reads the instance with one load fewer (the box keeps it alive). Asked only when the
    /// value is published, so a transient resolution never pays for it.
    var objectBits: UInt { 0 }
}

/// Holds one resolved value of `T`. Values of main-actor registrations are only read on the main actor.
@usableFromInline
final class InstanceBox<T>: AnyInstanceBox, @unchecked Sendable {
    @usableFromInline
    let value: T

    init(_ value: T) {
        self.value = value
    }

    override var objectBits: UInt {
        guard MemoryLayout<T>.size == MemoryLayout<UInt>.size, T.self is AnyClass else { return 0 }
        return withUnsafeBytes(of: value) { $0.load(as: UInt.self) }
    }
}

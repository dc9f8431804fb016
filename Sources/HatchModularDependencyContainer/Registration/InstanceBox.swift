/// Type-erased holder of a resolved value, so one atomic word can publish any value.
@usableFromInline
class AnyInstanceBox: @unchecked Sendable {
    @usableFromInline
    init() {}
}

/// Holds one resolved value of `T`. Values of main-actor registrations are only read on the main actor.
@usableFromInline
final class InstanceBox<T>: AnyInstanceBox, @unchecked Sendable {
    @usableFromInline
    let value: T

    init(_ value: T) {
        self.value = value
    }
}

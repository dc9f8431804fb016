/// Type-erased holder of a resolved value, so one atomic word can publish any value.
class AnyInstanceBox: @unchecked Sendable {}

/// Holds one resolved value of `T`. Values of main-actor registrations are only read on the main actor.
final class InstanceBox<T>: AnyInstanceBox, @unchecked Sendable {
    let value: T

    init(_ value: T) {
        self.value = value
    }
}

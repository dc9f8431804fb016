/// What a builder records for one registration; turned into a runtime ``Registration`` per container.
/// A class, so builders, imports and containers share it instead of copying it.
final class RegistrationSpec: Sendable {
    /// How a value is produced.
    enum Factory: Sendable {
        case sendable(@Sendable (DependencyContainer) throws -> AnyInstanceBox)
        case mainActor(@MainActor (DependencyContainer) throws -> AnyInstanceBox)
        case value(AnyInstanceBox)
    }

    let key: RegistrationKey
    let type: Any.Type
    let scope: DependencyScope
    let isMainActor: Bool
    let isLocal: Bool
    let factory: Factory

    init(key: RegistrationKey, type: Any.Type, scope: DependencyScope, isMainActor: Bool, isLocal: Bool, factory: Factory) {
        self.key = key
        self.type = type
        self.scope = scope
        self.isMainActor = isMainActor
        self.isLocal = isLocal
        self.factory = factory
    }

    var typeName: String { TypeName.of(type) }
}

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

    /// The spec of `type` under `key`; main-actor exactly when `factory` runs on the main actor.
    convenience init(_ type: Any.Type, key: AnyDependencyKey?, scope: DependencyScope, isLocal: Bool, factory: Factory) {
        let isMainActor = if case .mainActor = factory { true } else { false }
        self.init(
            key: RegistrationKey(typeIdentifier: ObjectIdentifier(type), key: key), type: type,
            scope: scope, isMainActor: isMainActor, isLocal: isLocal, factory: factory
        )
    }

    var typeName: String { TypeName.of(type) }
}

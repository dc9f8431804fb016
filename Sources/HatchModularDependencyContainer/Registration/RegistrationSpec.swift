/// What a builder records for one registration; turned into a runtime ``Registration`` per container.
struct RegistrationSpec: Sendable {
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

    var typeName: String { TypeName.of(type) }
}

extension RegistrationCollector {
    /// Records a registration whose factory may run on any thread.
    func register<T: Sendable>(
        _ type: T.Type,
        key: AnyDependencyKey?,
        scope: DependencyScope,
        isLocal: Bool,
        factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try add(Registration(
            key: RegistrationKey(typeIdentifier: ObjectIdentifier(type), key: key),
            type: type,
            scope: scope,
            isMainActor: false,
            isLocal: isLocal,
            factory: .sendable { container in InstanceBox(try factory(container)) }
        ))
    }

    /// Records a registration whose factory runs on the main actor.
    func registerMainActor<T>(
        _ type: T.Type,
        key: AnyDependencyKey?,
        scope: DependencyScope,
        isLocal: Bool,
        factory: @escaping @MainActor (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try add(Registration(
            key: RegistrationKey(typeIdentifier: ObjectIdentifier(type), key: key),
            type: type,
            scope: scope,
            isMainActor: true,
            isLocal: isLocal,
            factory: .mainActor { container in InstanceBox(try factory(container)) }
        ))
    }

    /// Records an input value; a later value for the same type replaces an earlier one.
    func provideInput<T: Sendable>(_ type: T.Type, _ value: T) {
        replace(Registration(
            key: RegistrationKey(typeIdentifier: ObjectIdentifier(type), key: nil),
            type: type,
            scope: .input,
            isMainActor: false,
            isLocal: false,
            factory: .value(InstanceBox(value))
        ))
    }
}

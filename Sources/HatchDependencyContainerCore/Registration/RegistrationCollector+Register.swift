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
            type, key: key, scope: scope, isLocal: isLocal,
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
            type, key: key, scope: scope, isLocal: isLocal,
            factory: .mainActor { container in InstanceBox(try factory(container)) }
        ))
    }

    /// Records an input value; a later value for the same type replaces an earlier one.
    func provideInput<T: Sendable>(_ type: T.Type, _ value: T) {
        replace(Registration(type, key: nil, scope: .input, isLocal: false, factory: .value(InstanceBox(value))))
    }
}

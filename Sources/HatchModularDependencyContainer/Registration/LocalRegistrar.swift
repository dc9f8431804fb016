/// Registrations visible in the declaring container only (`builder.local.register…`): children built with
/// `buildChild` do not inherit them. Use it for a module's internal providers.
public struct LocalRegistrar<Owner> {
    let collector: RegistrationCollector

    /// Local main-actor registrations (`builder.local.mainActor.register…`).
    public var mainActor: MainActorRegistrar<Owner> {
        MainActorRegistrar(collector: collector, isLocal: true)
    }

    /// A new instance on every resolution, visible in this container only.
    public func registerInstance<T: Sendable>(
        _ type: T.Type, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: nil, scope: .transient, isLocal: true, factory: factory)
    }

    /// A new instance on every resolution under `key`, visible in this container only.
    public func registerInstance<T: Sendable>(
        _ type: T.Type, key: some Hashable & Sendable, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: AnyDependencyKey(key), scope: .transient, isLocal: true, factory: factory)
    }

    /// One shared instance, visible in this container only.
    public func registerSingleton<T: Sendable>(
        _ type: T.Type, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: nil, scope: .singleton, isLocal: true, factory: factory)
    }

    /// One shared instance under `key`, visible in this container only.
    public func registerSingleton<T: Sendable>(
        _ type: T.Type, key: some Hashable & Sendable, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: AnyDependencyKey(key), scope: .singleton, isLocal: true, factory: factory)
    }

    /// One instance for this container, visible in this container only.
    public func registerScoped<T: Sendable>(
        _ type: T.Type, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: nil, scope: .scoped, isLocal: true, factory: factory)
    }

    /// One instance for this container under `key`, visible in this container only.
    public func registerScoped<T: Sendable>(
        _ type: T.Type, key: some Hashable & Sendable, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: AnyDependencyKey(key), scope: .scoped, isLocal: true, factory: factory)
    }
}

/// Main-actor registrations (`builder.mainActor.register…`, `builder.local.mainActor.register…`).
///
/// Factories are `@MainActor` and the type need not be `Sendable`. Resolve these with
/// `container.resolveMainActor(T.self)` or a `mainActor:` requirement's accessor; `resolve` throws an
/// error naming `resolveMainActor`.
public struct MainActorRegistrar<Owner> {
    let collector: RegistrationCollector
    let isLocal: Bool

    /// A new instance on every resolution, created on the main actor.
    public func registerInstance<T>(
        _ type: T.Type, factory: @escaping @MainActor (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.registerMainActor(type, key: nil, scope: .transient, isLocal: isLocal, factory: factory)
    }

    /// A new instance on every resolution under `key`, created on the main actor.
    public func registerInstance<T>(
        _ type: T.Type, key: some Hashable & Sendable, factory: @escaping @MainActor (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.registerMainActor(type, key: AnyDependencyKey(key), scope: .transient, isLocal: isLocal, factory: factory)
    }

    /// One shared main-actor instance for the declaring container and its descendants.
    public func registerSingleton<T>(
        _ type: T.Type, factory: @escaping @MainActor (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.registerMainActor(type, key: nil, scope: .singleton, isLocal: isLocal, factory: factory)
    }

    /// One shared main-actor instance under `key`.
    public func registerSingleton<T>(
        _ type: T.Type, key: some Hashable & Sendable, factory: @escaping @MainActor (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.registerMainActor(type, key: AnyDependencyKey(key), scope: .singleton, isLocal: isLocal, factory: factory)
    }

    /// One main-actor instance per resolving container.
    public func registerScoped<T>(
        _ type: T.Type, factory: @escaping @MainActor (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.registerMainActor(type, key: nil, scope: .scoped, isLocal: isLocal, factory: factory)
    }

    /// One main-actor instance per resolving container under `key`.
    public func registerScoped<T>(
        _ type: T.Type, key: some Hashable & Sendable, factory: @escaping @MainActor (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.registerMainActor(type, key: AnyDependencyKey(key), scope: .scoped, isLocal: isLocal, factory: factory)
    }
}

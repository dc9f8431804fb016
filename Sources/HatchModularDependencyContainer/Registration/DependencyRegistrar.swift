/// The registration API that ``DependencyBuilder`` (production) and ``MockDependencyBuilder`` (test mode)
/// share: every scope, keyed or not, `local`, `mainActor` and inputs, written once.
///
/// Not created directly: use `DependencyBuilder<AppRoot>()`, or the builder a module's
/// `registerDependencies(in:)` or `mockRegistration(in:)` receives.
public class DependencyRegistrar<Owner> {
    let collector: RegistrationCollector

    init(collector: RegistrationCollector) {
        self.collector = collector
    }

    /// Registrations visible in this container only, not inherited by children.
    public var local: LocalRegistrar<Owner> {
        LocalRegistrar(collector: collector)
    }

    /// Registrations created and resolved on the main actor.
    public var mainActor: MainActorRegistrar<Owner> {
        MainActorRegistrar(collector: collector, isLocal: false)
    }

    /// A new instance on every resolution. The factory receives the declaring container.
    public func registerInstance<T: Sendable>(
        _ type: T.Type, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: nil, scope: .transient, isLocal: false, factory: factory)
    }

    /// A new instance on every resolution, under `key`.
    public func registerInstance<T: Sendable>(
        _ type: T.Type, key: some Hashable & Sendable, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: AnyDependencyKey(key), scope: .transient, isLocal: false, factory: factory)
    }

    /// One instance shared by this container and all its descendants, created once on first use.
    public func registerSingleton<T: Sendable>(
        _ type: T.Type, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: nil, scope: .singleton, isLocal: false, factory: factory)
    }

    /// One shared instance under `key`, e.g. `registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude)`.
    public func registerSingleton<T: Sendable>(
        _ type: T.Type, key: some Hashable & Sendable, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: AnyDependencyKey(key), scope: .singleton, isLocal: false, factory: factory)
    }

    /// One instance per container that resolves it. The factory receives the resolving container.
    public func registerScoped<T: Sendable>(
        _ type: T.Type, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: nil, scope: .scoped, isLocal: false, factory: factory)
    }

    /// One instance per resolving container, under `key`.
    public func registerScoped<T: Sendable>(
        _ type: T.Type, key: some Hashable & Sendable, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: AnyDependencyKey(key), scope: .scoped, isLocal: false, factory: factory)
    }

    /// Provides a runtime value (an input such as a `MacAddress`); visible to this container and its
    /// descendants. Never throws: a later value for the same type replaces an earlier one.
    public func provideInput<T: Sendable>(_ type: T.Type, _ value: T) {
        collector.provideInput(type, value)
    }
}

/// The `Sendable` registrations of every scope, keyed or not, written once for ``DependencyRegistrar``
/// (`builder.register…`: inherited by children) and ``LocalRegistrar`` (`builder.local.register…`: this
/// container only); the two differ only in that visibility.
///
/// Not created directly: use a builder, or its `local` registrar.
public class SendableRegistrar<Owner> {
    let collector: RegistrationCollector
    /// Whether registrations stay in the declaring container (not inherited by `buildChild` children).
    let isLocal: Bool

    init(collector: RegistrationCollector, isLocal: Bool) {
        self.collector = collector
        self.isLocal = isLocal
    }

    /// Main-actor registrations with this registrar's visibility (`builder.mainActor.register…`,
    /// `builder.local.mainActor.register…`).
    public var mainActor: MainActorRegistrar<Owner> {
        MainActorRegistrar(collector: collector, isLocal: isLocal)
    }

    /// A new instance on every resolution. The factory receives the declaring container.
    public func registerInstance<T: Sendable>(
        _ type: T.Type, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: nil, scope: .transient, isLocal: isLocal, factory: factory)
    }

    /// A new instance on every resolution, under `key`.
    public func registerInstance<T: Sendable>(
        _ type: T.Type, key: some Hashable & Sendable, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: AnyDependencyKey(key), scope: .transient, isLocal: isLocal, factory: factory)
    }

    /// One instance, created once on first use, shared by the declaring container and (unless local) all
    /// its descendants.
    public func registerSingleton<T: Sendable>(
        _ type: T.Type, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: nil, scope: .singleton, isLocal: isLocal, factory: factory)
    }

    /// One shared instance under `key`, e.g. `registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude)`.
    public func registerSingleton<T: Sendable>(
        _ type: T.Type, key: some Hashable & Sendable, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: AnyDependencyKey(key), scope: .singleton, isLocal: isLocal, factory: factory)
    }

    /// One instance per container that resolves it. The factory receives the resolving container.
    public func registerScoped<T: Sendable>(
        _ type: T.Type, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: nil, scope: .scoped, isLocal: isLocal, factory: factory)
    }

    /// One instance per resolving container, under `key`.
    public func registerScoped<T: Sendable>(
        _ type: T.Type, key: some Hashable & Sendable, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: AnyDependencyKey(key), scope: .scoped, isLocal: isLocal, factory: factory)
    }
}

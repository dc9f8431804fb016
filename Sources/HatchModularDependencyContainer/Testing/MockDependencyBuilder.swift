/// Test-mode registrations of one module (`mockRegistration(in:)`): the same registration API as
/// ``DependencyBuilder`` plus ``importDependencies(_:)``.
///
/// An explicit registration replaces an imported one of the same type and key; two explicit ones throw
/// (except inside `testing { }` and `buildChildWithOverrides`, where later registrations override).
public final class MockDependencyBuilder<Owner> {
    let collector: RegistrationCollector
    let session: MockImportSession

    init(collector: RegistrationCollector, session: MockImportSession) {
        self.collector = collector
        self.session = session
    }

    convenience init(session: MockImportSession) {
        self.init(collector: RegistrationCollector(ownerType: Owner.self), session: session)
    }

    /// Reuses a child module's mock registrations: its non-local registrations and its inputs, and,
    /// recursively, everything it imports. Each module is imported once per test container; local
    /// registrations are not exported (register them here if this module needs them).
    public func importDependencies<Child: TestDependencyProvider>(_ child: Child.Type) {
        guard session.shouldImport(child) else { return }
        let childBuilder = MockDependencyBuilder<Child>(session: session)
        Child.mockRegistration(in: childBuilder)
        for spec in childBuilder.collector.specs where !spec.isLocal {
            collector.addImported(spec)
        }
    }

    /// Registrations visible in this container only, never exported by `importDependencies`.
    public var local: LocalRegistrar<Owner> {
        LocalRegistrar(collector: collector)
    }

    /// Registrations created and resolved on the main actor.
    public var mainActor: MainActorRegistrar<Owner> {
        MainActorRegistrar(collector: collector, isLocal: false)
    }

    /// A new instance on every resolution.
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

    /// One shared instance, created once on first use.
    public func registerSingleton<T: Sendable>(
        _ type: T.Type, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: nil, scope: .singleton, isLocal: false, factory: factory)
    }

    /// One shared instance under `key`.
    public func registerSingleton<T: Sendable>(
        _ type: T.Type, key: some Hashable & Sendable, factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) throws(DependencyRegistrationError) {
        try collector.register(type, key: AnyDependencyKey(key), scope: .singleton, isLocal: false, factory: factory)
    }

    /// One instance per resolving container.
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

    /// Provides an input value; exported by `importDependencies`. A later value replaces an earlier one.
    public func provideInput<T: Sendable>(_ type: T.Type, _ value: T) {
        collector.provideInput(type, value)
    }
}

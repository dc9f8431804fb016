/// Collects the registrations of one container: the root (`DependencyBuilder<AppRoot>()` then `freeze()`)
/// or a child (handed to `registerDependencies(in:)` and to `buildChild`'s closure).
///
/// `Owner` only names the container in messages and chains (`AppRoot → AdultScreenDependencies`); it can
/// be any type, even `enum AppRoot {}`. Registering the same type and key twice throws, except in
/// `buildChild`'s closure, where a registration overrides what the child registered itself.
public final class DependencyBuilder<Owner>: DependencyRegistrar<Owner> {
    /// A builder for a root container.
    public init() {
        super.init(collector: RegistrationCollector(ownerType: Owner.self))
    }

    override init(collector: RegistrationCollector) {
        super.init(collector: collector)
    }

    /// Creates the root container from what has been registered so far.
    ///
    /// Each call returns a new, independent root (with its own singletons); the builder stays usable.
    public func freeze() -> DependencyContainer {
        DependencyContainer(root: Owner.self, registrations: collector.registrations, mode: .production)
    }
}

/// The registration API that ``DependencyBuilder`` (production) and ``MockDependencyBuilder`` (test mode)
/// share: every scope, keyed or not (from ``SendableRegistrar``), `local`, `mainActor` and inputs.
///
/// Not created directly: use `DependencyBuilder<AppRoot>()`, or the builder a module's
/// `registerDependencies(in:)` or `mockRegistration(in:)` receives.
public class DependencyRegistrar<Owner>: SendableRegistrar<Owner> {
    init(collector: RegistrationCollector) {
        super.init(collector: collector, isLocal: false)
    }

    /// Registrations visible in this container only, not inherited by children (made on first use).
    public private(set) lazy var local: LocalRegistrar<Owner> = LocalRegistrar(collector: collector)

    /// Provides a runtime value (an input such as a `MacAddress`); visible to this container and its
    /// descendants. Never throws: a later value for the same type replaces an earlier one.
    public func provideInput<T: Sendable>(_ type: T.Type, _ value: T) {
        collector.provideInput(type, value)
    }
}

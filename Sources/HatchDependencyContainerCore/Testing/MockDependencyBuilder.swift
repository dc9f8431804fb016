/// Test-mode registrations of one module (`mockRegistration(in:)`): the same registration API as
/// ``DependencyBuilder`` plus ``importDependencies(_:)``. Its `local` registrations are never exported by
/// `importDependencies`; its inputs are.
///
/// An explicit registration replaces an imported one of the same type and key; two explicit ones throw
/// (except inside `testing { }` and `buildChildWithOverrides`, where later registrations override).
public final class MockDependencyBuilder<Owner>: DependencyRegistrar<Owner> {
    let session: MockImportSession

    init(collector: RegistrationCollector, session: MockImportSession) {
        self.session = session
        super.init(collector: collector)
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
        for registration in childBuilder.collector.registrations where !registration.isLocal {
            collector.addImported(registration)
        }
    }
}

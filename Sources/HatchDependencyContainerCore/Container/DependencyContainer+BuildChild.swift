extension DependencyContainer {
    /// Builds, validates and returns a child module's dependencies.
    ///
    /// Runs the child's `registerDependencies(in:)` (in test mode: only the child's local mock registrations),
    /// then `configure`, where inputs are provided and registrations override the child's own. Nothing is
    /// copied from this container: the child links to it. If requirements are unmet, the process stops with
    /// the full ``DependencyValidationError`` report; ``tryBuildChild(_:_:)`` throws it instead.
    @inlinable
    public func buildChild<Child: DependencyRequirements>(
        _ child: Child.Type,
        _ configure: (DependencyBuilder<Child>) -> Void = { _ in }
    ) -> Child {
        do {
            return try tryBuildChild(child, configure)
        } catch {
            fatalError(error.description)
        }
    }

    /// The throwing twin of ``buildChild(_:_:)``: reports every unmet requirement at once as a typed error.
    ///
    /// Inlined so the caller creates the child's builder with its own, statically cached type metadata
    /// rather than the runtime instantiating `DependencyBuilder<Child>` on every call.
    @inlinable
    public func tryBuildChild<Child: DependencyRequirements>(
        _ child: Child.Type,
        _ configure: (DependencyBuilder<Child>) -> Void = { _ in }
    ) throws(DependencyValidationError) -> Child {
        try _buildChild(DependencyBuilder<Child>(), configure)
    }

    /// Everything `tryBuildChild` does once the child's builder exists.
    @usableFromInline
    func _buildChild<Child: DependencyRequirements>(
        _ builder: DependencyBuilder<Child>,
        _ configure: (DependencyBuilder<Child>) -> Void
    ) throws(DependencyValidationError) -> Child {
        addOwnRegistrations(of: Child.self, to: builder)
        builder.collector.replacesExisting = true
        configure(builder)
        return try makeChild(Child.self, registrations: builder.collector.registrations)
    }

    /// Builds a child with test overrides applied on top of its own registrations (see
    /// ``TestDependencyProvider/buildChildWithOverrides(_:_:)``).
    func buildChildWithOverrides<Child: DependencyRequirements>(
        _ child: Child.Type,
        _ overrides: (MockDependencyBuilder<Child>) throws -> Void
    ) throws -> Child {
        let builder = DependencyBuilder<Child>(collector: RegistrationCollector(ownerType: child))
        addOwnRegistrations(of: child, to: builder)
        let collector = builder.collector
        collector.replacesExisting = true
        try overrides(MockDependencyBuilder(collector: collector, session: MockImportSession(root: child)))
        return try makeChild(child, registrations: collector.registrations)
    }

    private func makeChild<Child: DependencyRequirements>(
        _ child: Child.Type,
        registrations: [Registration]
    ) throws(DependencyValidationError) -> Child {
        let container = DependencyContainer(parent: self, ownerType: child, registrations: registrations)
        try container.validate(Child.requirements, module: child)
        return Child(container)
    }

    /// Adds the child's own registrations to `builder`: `registerDependencies` in production; in test mode
    /// only the local registrations of its `mockRegistration` (the rest reach this container through
    /// `importDependencies`). The same builder then goes to the `buildChild` closure.
    private func addOwnRegistrations<Child: DependencyRequirements>(of child: Child.Type, to builder: DependencyBuilder<Child>) {
        switch mode {
        case .production:
            Child.registerDependencies(in: builder)
        case .testing:
            if let provider = child as? any TestDependencyProvider.Type {
                collectLocalMocks(of: provider, into: builder.collector)
            }
        }
    }

    private func collectLocalMocks<Module: TestDependencyProvider>(of module: Module.Type, into collector: RegistrationCollector) {
        let builder = MockDependencyBuilder<Module>(session: MockImportSession(root: module, importsEnabled: false))
        Module.mockRegistration(in: builder)
        for registration in builder.collector.registrations where registration.isLocal {
            collector.replace(registration)
        }
    }
}

extension DependencyContainer {
    /// Builds, validates and returns a child module's dependencies.
    ///
    /// Runs the child's `registerDependencies(in:)` (in test mode: only the child's local mock registrations),
    /// then `configure`, where inputs are provided and registrations override the child's own. Nothing is
    /// copied from this container: the child links to it. If requirements are unmet, the process stops with
    /// the full ``DependencyValidationError`` report; ``tryBuildChild(_:_:)`` throws it instead.
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
    public func tryBuildChild<Child: DependencyRequirements>(
        _ child: Child.Type,
        _ configure: (DependencyBuilder<Child>) -> Void = { _ in }
    ) throws(DependencyValidationError) -> Child {
        let collector = childRegistrations(for: child)
        collector.replacesExisting = true
        configure(DependencyBuilder(collector: collector))
        return try makeChild(child, specs: collector.specs)
    }

    /// Builds a child with test overrides applied on top of its own registrations (see
    /// ``TestDependencyProvider/buildChildWithOverrides(_:_:)``).
    func buildChildWithOverrides<Child: DependencyRequirements>(
        _ child: Child.Type,
        _ overrides: (MockDependencyBuilder<Child>) throws -> Void
    ) throws -> Child {
        let collector = childRegistrations(for: child)
        collector.replacesExisting = true
        try overrides(MockDependencyBuilder(collector: collector, session: MockImportSession(root: child)))
        return try makeChild(child, specs: collector.specs)
    }

    private func makeChild<Child: DependencyRequirements>(
        _ child: Child.Type,
        specs: [RegistrationSpec]
    ) throws(DependencyValidationError) -> Child {
        let container = DependencyContainer(parent: self, ownerType: child, specs: specs)
        try container.validate(Child.requirements, module: child)
        return Child(container)
    }

    /// The child's own registrations: `registerDependencies` in production; in test mode only the local
    /// registrations of its `mockRegistration` (the rest reach this container through `importDependencies`).
    private func childRegistrations<Child: DependencyRequirements>(for child: Child.Type) -> RegistrationCollector {
        let collector = RegistrationCollector(ownerType: child)
        switch mode {
        case .production:
            Child.registerDependencies(in: DependencyBuilder(collector: collector))
        case .testing:
            if let provider = child as? any TestDependencyProvider.Type {
                collectLocalMocks(of: provider, into: collector)
            }
        }
        return collector
    }

    private func collectLocalMocks<Module: TestDependencyProvider>(of module: Module.Type, into collector: RegistrationCollector) {
        let builder = MockDependencyBuilder<Module>(session: MockImportSession(root: module, importsEnabled: false))
        Module.mockRegistration(in: builder)
        for spec in builder.collector.specs where spec.isLocal {
            collector.replace(spec)
        }
    }
}

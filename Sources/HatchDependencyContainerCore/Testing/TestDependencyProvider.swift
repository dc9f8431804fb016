/// A module that can fulfil its own requirements with mocks, for tests and previews.
///
/// In test mode (a container made by ``testing(_:)``), `registerDependencies` never runs: the module's
/// `mockRegistration` does, and `importDependencies` reuses its children's mocks.
public protocol TestDependencyProvider: DependencyRequirements {
    /// Registers mocks for every requirement (importing children's mocks where they cover them), plus
    /// the local registrations the module needs for itself.
    static func mockRegistration(in builder: MockDependencyBuilder<Self>)
}

extension TestDependencyProvider {
    /// Builds this module's dependencies from its own mocks, then applies `overrides` (later registrations
    /// replace earlier ones). Throws ``DependencyValidationError`` if a requirement is still unmet, and
    /// whatever `overrides` throws.
    public static func testing(_ overrides: (MockDependencyBuilder<Self>) throws -> Void = { _ in }) throws -> Self {
        let builder = MockDependencyBuilder<Self>(session: MockImportSession(root: Self.self))
        Self.mockRegistration(in: builder)
        builder.collector.replacesExisting = true
        try overrides(builder)
        let container = DependencyContainer(root: Self.self, registrations: builder.collector.registrations, mode: .testing)
        try container.validate(Self.requirements, module: Self.self)
        return Self(container)
    }

    /// Builds a child module from this (usually test-mode) container, applying `overrides` on top of the
    /// child's own registrations. Throws ``DependencyValidationError`` on unmet requirements.
    public func buildChildWithOverrides<Child: DependencyRequirements>(
        _ child: Child.Type,
        _ overrides: (MockDependencyBuilder<Child>) throws -> Void
    ) throws -> Child {
        try container.buildChildWithOverrides(child, overrides)
    }
}

import HatchModularDependencyContainer

/// Counts its production and mock registrations, to prove which one runs.
struct TrapDependencies: DependencyRequirements, TestDependencyProvider {
    static let productionRuns = Counter()
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }
    static let requirements = DeclaredRequirements([Requirement(ContentClient.self)])

    static func registerDependencies(in builder: DependencyBuilder<TrapDependencies>) {
        productionRuns.increment()
    }

    static func mockRegistration(in builder: MockDependencyBuilder<TrapDependencies>) {
        try? builder.registerSingleton(ContentClient.self) { _ in .mock() }
    }
}

/// Imported twice (through two modules); counts how often its mocks are registered.
struct ImportOnceSharedDependencies: DependencyRequirements, TestDependencyProvider {
    static let mockRuns = Counter()
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }
    static let requirements = DeclaredRequirements()

    static func mockRegistration(in builder: MockDependencyBuilder<ImportOnceSharedDependencies>) {
        mockRuns.increment()
        try? builder.registerSingleton(ContentClient.self) { _ in ContentClient(name: "shared") }
        try? builder.local.registerSingleton(FavoritesClient.self) { _ in FavoritesClient(name: "shared-local") }
        builder.provideInput(HardwareProduct.self, .restoreV5)
    }
}

struct ImportOnceLeftDependencies: DependencyRequirements, TestDependencyProvider {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }
    static let requirements = DeclaredRequirements()

    static func mockRegistration(in builder: MockDependencyBuilder<ImportOnceLeftDependencies>) {
        builder.importDependencies(ImportOnceSharedDependencies.self)
    }
}

struct ImportOnceRightDependencies: DependencyRequirements, TestDependencyProvider {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }
    static let requirements = DeclaredRequirements()

    static func mockRegistration(in builder: MockDependencyBuilder<ImportOnceRightDependencies>) {
        builder.importDependencies(ImportOnceSharedDependencies.self)
        try? builder.registerSingleton(VisualAssetsClient.self) { _ in VisualAssetsClient(name: "right") }
    }
}

/// Imports Left and Right (which both import Shared) and re-registers an imported type explicitly.
struct ImportOnceRootDependencies: DependencyRequirements, TestDependencyProvider {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }
    static let requirements = DeclaredRequirements(
        [Requirement(ContentClient.self), Requirement(VisualAssetsClient.self)],
        inputs: [InputRequirement(HardwareProduct.self)]
    )

    static func mockRegistration(in builder: MockDependencyBuilder<ImportOnceRootDependencies>) {
        do {
            builder.importDependencies(ImportOnceLeftDependencies.self)
            builder.importDependencies(ImportOnceRightDependencies.self)
            try builder.registerSingleton(VisualAssetsClient.self) { _ in VisualAssetsClient(name: "root") }
        } catch {
            preconditionFailure("\(Self.self): \(error)")
        }
    }
}

/// A module whose mocks forget a requirement.
struct IncompleteMockDependencies: DependencyRequirements, TestDependencyProvider {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }
    static let requirements = DeclaredRequirements([Requirement(SubscriptionClient.self)])

    static func mockRegistration(in builder: MockDependencyBuilder<IncompleteMockDependencies>) {}
}

import HatchModularDependencyContainer

// Small modules with no requirements, for the scope and error tests.

/// A child with nothing to declare.
struct ProbeChildDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }
    static let requirements = DeclaredRequirements()
}

/// A grandchild with nothing to declare.
struct ProbeGrandchildDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }
    static let requirements = DeclaredRequirements()
}

/// A module requiring one ContentClient, one main-actor AdultRoutineCoordinator and one MacAddress input.
struct ProbeRequiringDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }
    static let requirements = DeclaredRequirements(
        [Requirement(ContentClient.self), Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude)],
        mainActor: [Requirement(AdultRoutineCoordinator.self)],
        inputs: [InputRequirement(MacAddress.self)]
    )
    var contentClient: ContentClient { container.requirement(ContentClient.self, accessor: "contentClient") }
    var macAddress: MacAddress { container.input(MacAddress.self, accessor: "macAddress") }
}

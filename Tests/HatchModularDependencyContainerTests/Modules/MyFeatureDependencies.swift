import HatchModularDependencyContainer

// Cookbook 000, "Leaf Module". The members below are exactly what
// `@DependencyRequirements([...], mainActor: [...], inputs: [...])` generates.
struct MyFeatureDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }

    static let requirements = DeclaredRequirements(
        [
            Requirement(ContentClient.self),
            Requirement(VisualAssetsClient.self),
        ],
        mainActor: [
            Requirement(AdultRoutineCoordinator.self)
        ],
        inputs: [
            InputRequirement(HardwareProduct.self),
            InputRequirement(MacAddress.self),
        ]
    )

    var contentClient: ContentClient { container.requirement(ContentClient.self, accessor: "contentClient") }
    var visualAssetsClient: VisualAssetsClient { container.requirement(VisualAssetsClient.self, accessor: "visualAssetsClient") }
    @MainActor var adultRoutineCoordinator: AdultRoutineCoordinator {
        container.mainActorRequirement(AdultRoutineCoordinator.self, accessor: "adultRoutineCoordinator")
    }
    var hardwareProduct: HardwareProduct { container.input(HardwareProduct.self, accessor: "hardwareProduct") }
    var macAddress: MacAddress { container.input(MacAddress.self, accessor: "macAddress") }
}

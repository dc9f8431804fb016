import HatchModularDependencyContainer

@DependencyRequirements(
    [
        Requirement(FavoritesClient.self),
        Requirement(ContentClient.self),
        Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude),
        Requirement(SubscriptionClient.self)
    ],
    mainActor: [
        Requirement(LibraryContentClient.self),
        Requirement(AdultRoutineCoordinator.self)
    ],
    inputs: [
        InputRequirement(HardwareProduct.self),
        InputRequirement(MacAddress.self)
    ]
)
public struct AdultLibraryDependencies: DependencyRequirements {}

import HatchModularDependencyContainer

@DependencyRequirements(
    [
        Requirement(SleepClient.self),
        Requirement(ContentClient.self),
        Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude),
        Requirement(SubscriptionClient.self)
    ],
    mainActor: [
        Requirement(AdultRoutineCoordinator.self)
    ],
    inputs: [
        InputRequirement(HardwareProduct.self),
        InputRequirement(MacAddress.self),
        InputRequirement(SleepSessionIdentifier.self)
    ]
)
public struct SleepTrackingDependencies: DependencyRequirements {}

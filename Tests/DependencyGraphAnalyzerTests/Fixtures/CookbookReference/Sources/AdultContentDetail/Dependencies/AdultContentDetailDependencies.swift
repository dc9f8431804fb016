import HatchModularDependencyContainer

@DependencyRequirements(
    [
        Requirement(ContentClient.self),
        Requirement(FavoritesClient.self),
        Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude),
        Requirement(IoTActionSenderClient.self),
        Requirement(DeviceStateEmitterClient.Factory.self),
        Requirement(SubscriptionClient.self),
        Requirement(ContentDetailFormatter.self)
    ],
    mainActor: [
        Requirement(AdultRoutineCoordinator.self),
        Requirement(ContentDetailStateProvider.self),
        Requirement(ContentPlaybackController.self)
    ],
    inputs: [
        InputRequirement(HardwareProduct.self),
        InputRequirement(MacAddress.self)
    ]
)
public struct AdultContentDetailDependencies: DependencyRequirements {
    public static func registerDependencies(in builder: DependencyBuilder<AdultContentDetailDependencies>) {
        do {
            try builder.registerSingleton(ContentDetailFormatter.self) { _ in ContentDetailFormatter() }
            try builder.local.mainActor.registerSingleton(ContentDetailStateProvider.self) { container in
                ContentDetailStateProvider(contentClient: Self(container).contentClient)
            }
            try builder.local.mainActor.registerSingleton(ContentPlaybackController.self) { container in
                try ContentPlaybackController(coordinator: container.resolveMainActor(AdultRoutineCoordinator.self))
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register dependencies. Error: \(error).")
        }
    }
}

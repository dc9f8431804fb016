import HatchModularDependencyContainer

@DependencyRequirements(
    [
        Requirement(ContentClient.self),
        Requirement(FavoritesClient.self),
        Requirement(SubscriptionClient.self),
        Requirement(IoTDeviceConnectionStateClient.Factory.self, accessorName: "iotDeviceConnectionStateFactory"),
        Requirement(IoTDeviceStateEmitterClient.self),
        Requirement(IoTActionSenderClient.self),
        Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude),
        Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.statsig),
        Requirement(VisualAssetsClient.self)
    ],
    mainActor: [
        Requirement(AdultRoutineCoordinator.self),
        Requirement(AlarmStateProvider.self),
        Requirement(BedtimeStateProvider.self),
        Requirement(RoutineStateProvider.self)
    ],
    inputs: [
        InputRequirement(HardwareProduct.self),
        InputRequirement(MacAddress.self)
    ]
)
public struct AdultRoutineDependencies: DependencyRequirements {
    public static func registerDependencies(in builder: DependencyBuilder<AdultRoutineDependencies>) {
        do {
            try builder.local.mainActor.registerSingleton(RoutineStateProvider.self) { container in
                let dependencies = Self(container)
                return RoutineStateProvider(
                    coordinator: dependencies.adultRoutineCoordinator,
                    contentClient: dependencies.contentClient,
                    deviceStateEmitter: dependencies.iotDeviceStateEmitterClient
                )
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register dependencies. Error: \(error).")
        }
    }
}

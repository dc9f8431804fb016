import HatchModularDependencyContainer

@DependencyRequirements(
    [
        Requirement(ContentClient.self),
        Requirement(FavoritesClient.self),
        Requirement(SubscriptionClient.self),
        Requirement(SleepClient.self),
        Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude),
        Requirement(IoTDeviceConnectionStateClient.Factory.self),
        Requirement(VisualAssetsClient.self),
        Requirement(SleepInsightsClient.self)
    ],
    mainActor: [
        Requirement(AdultRoutineCoordinator.self),
        Requirement(LibraryContentClient.self),
        Requirement(AlarmStateProvider.self)
    ],
    inputs: [
        InputRequirement(HardwareProduct.self),
        InputRequirement(AdultUserIdentifier.self, accessorName: "userIdentifier"),
        InputRequirement(HA25ToolbarViewModel.self, accessorName: "toolbarViewModel")
    ]
)
public struct AdultScreenDependencies: DependencyRequirements {
    public static func registerDependencies(in builder: DependencyBuilder<AdultScreenDependencies>) {
        do {
            // Composed from declared requirements
            try builder.mainActor.registerSingleton(AdultRoutineCoordinator.self) { container in
                let dependencies = Self(container)
                return AdultRoutineCoordinator(coordinator: dependencies.contentClient)
            }

            try builder.mainActor.registerSingleton(AlarmStateProvider.self) { container in
                let dependencies = Self(container)
                return AlarmStateProvider(coordinator: dependencies.adultRoutineCoordinator)
            }

            try builder.mainActor.registerSingleton(BedtimeStateProvider.self) { _ in
                BedtimeStateProvider()
            }

            try builder.mainActor.registerInstance(LocalNotificationClient.self) { _ in
                LocalNotificationClient.live()
            }

            try builder.registerSingleton(UserDefaultsClient.self, key: BedtimeRemindersKey.goodnightPhone) { _ in
                UserDefaultsClient.live(domain: .suite(name: "group.com.hatch.sleep"))
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register dependencies. Error: \(error).")
        }
    }
}

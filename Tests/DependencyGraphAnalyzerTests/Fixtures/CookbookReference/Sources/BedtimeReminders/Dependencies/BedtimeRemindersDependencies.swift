import HatchModularDependencyContainer

@DependencyRequirements(
    [
        Requirement(ContentClient.self),
        Requirement(VisualAssetsClient.self),
        Requirement(UserDefaultsClient.self, key: BedtimeRemindersKey.goodnightPhone),
        Requirement(SleepClient.self),
        Requirement(SubscriptionClient.self),
        Requirement(FavoritesClient.self),
        Requirement(IoTDeviceStateEmitterClient.self),
        Requirement(RoutineClient.self),
        Requirement(BedtimeScheduleClient.self),
        Requirement(SoundClient.self),
        Requirement(DeviceStateEmitterClient.Factory.self),
        Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude),
        Requirement(IoTActionSenderClient.self)
    ],
    mainActor: [
        Requirement(AdultRoutineCoordinator.self),
        Requirement(BedtimeStateProvider.self),
        Requirement(LocalNotificationClient.self)
    ],
    inputs: [
        InputRequirement(MacAddress.self),
        InputRequirement(HardwareProduct.self)
    ]
)
public struct BedtimeRemindersDependencies: DependencyRequirements {}

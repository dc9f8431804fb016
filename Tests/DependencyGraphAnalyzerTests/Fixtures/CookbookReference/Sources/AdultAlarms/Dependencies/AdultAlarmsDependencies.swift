import HatchModularDependencyContainer

@DependencyRequirements(
    [
        Requirement(ContentClient.self),
        Requirement(AlarmClient.self),
        Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude),
        Requirement(IoTActionSenderClient.self),
        Requirement(IoTDeviceStateEmitterClient.self),
        Requirement(SubscriptionClient.self)
    ],
    mainActor: [
        Requirement(LocalNotificationClient.self),
        Requirement(AdultRoutineCoordinator.self),
        Requirement(AlarmStateProvider.self)
    ],
    inputs: [
        InputRequirement(MacAddress.self)
    ]
)
public struct AdultAlarmsDependencies: DependencyRequirements {}

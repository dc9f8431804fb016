import HatchModularDependencyContainer

@DependencyRequirements(
    [
        Requirement(DeviceStateEmitterClient.Factory.self),
        Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude),
        Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.statsig),
        Requirement(IoTActionSenderClient.self, accessorName: "iotActionSender")
    ],
    inputs: [
        InputRequirement(HardwareProduct.self)
    ]
)
public struct ContentPreviewDependencies: DependencyRequirements {}

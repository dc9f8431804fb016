import HatchModularDependencyContainer

@DependencyRequirements(
    [
        Requirement(DeviceSettingsClient.self),
        Requirement(FirmwareClient.self),
        Requirement(IoTDeviceConnectionStateClient.Factory.self)
    ],
    mainActor: [
        Requirement(DeviceSettingsRouter.self)
    ],
    inputs: [
        InputRequirement(MacAddress.self)
    ]
)
public struct DeviceSettingsDependencies: DependencyRequirements {
    public static func registerDependencies(in builder: DependencyBuilder<DeviceSettingsDependencies>) {
        do {
            try builder.local.mainActor.registerSingleton(DeviceSettingsRouter.self) { _ in DeviceSettingsRouter() }
        } catch {
            preconditionFailure("\(Self.self): Failed to register dependencies. Error: \(error).")
        }
    }
}

import HatchDeviceFeed
import HatchDeviceModel
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import HatchModularDependencyContainer

/// The dependencies of the adult alarms feature of one device: the device's state, actions and
/// connection, its identity, and ``AlarmStateProvider``, which this module registers for itself as a
/// local main-actor singleton.
@DependencyRequirements(
    [
        Requirement(IoTDeviceStateEmitterClient.self, accessorName: "iotDeviceStateEmitter"),
        Requirement(IoTActionSenderClient.self, accessorName: "iotActionSender"),
        Requirement(IoTDeviceConnectionStateClient.self, accessorName: "iotDeviceConnectionState"),
    ],
    mainActor: [
        Requirement(AlarmStateProvider.self)
    ],
    inputs: [
        InputRequirement(HardwareProduct.self),
        InputRequirement(MacAddress.self),
    ]
)
public struct AdultAlarmsDependencies: DependencyRequirements {
    /// Registers ``AlarmStateProvider`` locally, on the main actor, once per device.
    public static func registerDependencies(in builder: DependencyBuilder<AdultAlarmsDependencies>) {
        do {
            try builder.local.mainActor.registerSingleton(AlarmStateProvider.self) { container in
                AlarmStateProvider(dependencies: Self(container))
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register dependencies. Error: \(error).")
        }
    }
}

/// The device's clients and identity, from which the provider builds its feed.
extension AdultAlarmsDependencies: DeviceFeatureDependencies {}

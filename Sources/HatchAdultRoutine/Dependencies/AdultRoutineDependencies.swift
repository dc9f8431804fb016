import HatchDeviceFeed
import HatchDeviceModel
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import HatchModularDependencyContainer

/// The dependencies of the adult routine feature of one device: the device's state, actions and
/// connection, its identity, and ``RoutineStateProvider``, which this module registers for itself as a
/// local main-actor singleton (not visible to children).
@DependencyRequirements(
    [
        Requirement(IoTDeviceStateEmitterClient.self, accessorName: "iotDeviceStateEmitter"),
        Requirement(IoTActionSenderClient.self, accessorName: "iotActionSender"),
        Requirement(IoTDeviceConnectionStateClient.self, accessorName: "iotDeviceConnectionState"),
    ],
    mainActor: [
        Requirement(RoutineStateProvider.self)
    ],
    inputs: [
        InputRequirement(HardwareProduct.self),
        InputRequirement(MacAddress.self),
    ]
)
public struct AdultRoutineDependencies: DependencyRequirements {
    /// Registers ``RoutineStateProvider`` locally, on the main actor, once per device.
    public static func registerDependencies(in builder: DependencyBuilder<AdultRoutineDependencies>) {
        do {
            try builder.local.mainActor.registerSingleton(RoutineStateProvider.self) { container in
                RoutineStateProvider(dependencies: Self(container))
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register dependencies. Error: \(error).")
        }
    }
}

/// The device's clients and identity, from which the provider builds its feed.
extension AdultRoutineDependencies: DeviceFeatureDependencies {}

import HatchDeviceModel
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import HatchModularDependencyContainer

/// The dependencies of one device's wake-up screen: the device's state, actions and connection (which
/// its alarms feature inherits), its identity, and ``WakeUpScreenModel``, registered here as a local
/// main-actor singleton, so that each device gets its own.
@DependencyRequirements(
    [
        Requirement(IoTDeviceStateEmitterClient.self, accessorName: "iotDeviceStateEmitter"),
        Requirement(IoTActionSenderClient.self, accessorName: "iotActionSender"),
        Requirement(IoTDeviceConnectionStateClient.self, accessorName: "iotDeviceConnectionState"),
    ],
    mainActor: [
        Requirement(WakeUpScreenModel.self)
    ],
    inputs: [
        InputRequirement(HardwareProduct.self),
        InputRequirement(MacAddress.self),
    ]
)
public struct WakeUpScreenDependencies: DependencyRequirements {
    /// Registers ``WakeUpScreenModel`` locally, on the main actor, once per device.
    public static func registerDependencies(in builder: DependencyBuilder<WakeUpScreenDependencies>) {
        do {
            try builder.local.mainActor.registerSingleton(WakeUpScreenModel.self) { container in
                WakeUpScreenModel(dependencies: Self(container))
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register dependencies. Error: \(error).")
        }
    }
}

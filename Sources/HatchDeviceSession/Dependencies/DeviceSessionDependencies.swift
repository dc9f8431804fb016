import HatchDeviceModel
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import HatchModularDependencyContainer

/// The per-device composition root: built once per device with its `HardwareProduct` and
/// `MacAddress` as inputs, it requires the state emitter, the action sender and the connection-state
/// client factory, and registers the device's own `IoTDeviceConnectionStateClient` (made by the
/// factory), which its children inherit. Navigate to the features with ``adultRoutine()`` and
/// ``adultAlarms()``.
@DependencyRequirements(
    [
        Requirement(IoTDeviceStateEmitterClient.self, accessorName: "iotDeviceStateEmitter"),
        Requirement(IoTActionSenderClient.self, accessorName: "iotActionSender"),
        Requirement(IoTDeviceConnectionStateClient.Factory.self, accessorName: "iotDeviceConnectionStateFactory"),
    ],
    inputs: [
        InputRequirement(HardwareProduct.self),
        InputRequirement(MacAddress.self),
    ]
)
public struct DeviceSessionDependencies: DependencyRequirements {
    /// Registers this device's connection-state client, shared by every feature of the device.
    public static func registerDependencies(in builder: DependencyBuilder<DeviceSessionDependencies>) {
        do {
            try builder.registerSingleton(IoTDeviceConnectionStateClient.self) { container in
                let dependencies = Self(container)
                return dependencies.iotDeviceConnectionStateFactory(dependencies.macAddress, dependencies.hardwareProduct)
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register dependencies. Error: \(error).")
        }
    }
}

import HatchDependencyContainerCore
import HatchDeviceModel
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient

/// The per-device composition root: built once per device with its `HardwareProduct` and
/// `MacAddress` as inputs, it requires the state emitter, the action sender and the connection-state
/// client factory, and registers the device's own `IoTDeviceConnectionStateClient` (made by the
/// factory), which its children inherit. Navigate to the features with ``adultRoutine()`` and
/// ``adultAlarms()``.
///
/// The members are those `@DependencyRequirements` generates, written out so that the module needs only
/// the container's runtime (HatchDependencyContainerCore).
public struct DeviceSessionDependencies: DependencyRequirements {
    /// The container this module's dependencies resolve from.
    public nonisolated let container: DependencyContainer

    /// Wraps `container`; factories write `Self(container)` to use the accessors.
    public nonisolated init(_ container: DependencyContainer) {
        self.container = container
    }

    /// The declared requirements, validated by `buildChild` and read by the dependency analyzer.
    public nonisolated static let requirements = DeclaredRequirements(
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

    /// The required `IoTDeviceStateEmitterClient`.
    public nonisolated var iotDeviceStateEmitter: IoTDeviceStateEmitterClient {
        container.requirement(IoTDeviceStateEmitterClient.self, accessor: "iotDeviceStateEmitter")
    }

    /// The required `IoTActionSenderClient`.
    public nonisolated var iotActionSender: IoTActionSenderClient {
        container.requirement(IoTActionSenderClient.self, accessor: "iotActionSender")
    }

    /// The required `IoTDeviceConnectionStateClient.Factory`.
    public nonisolated var iotDeviceConnectionStateFactory: IoTDeviceConnectionStateClient.Factory {
        container.requirement(IoTDeviceConnectionStateClient.Factory.self, accessor: "iotDeviceConnectionStateFactory")
    }

    /// The input `HardwareProduct`.
    public nonisolated var hardwareProduct: HardwareProduct {
        container.input(HardwareProduct.self, accessor: "hardwareProduct")
    }

    /// The input `MacAddress`.
    public nonisolated var macAddress: MacAddress {
        container.input(MacAddress.self, accessor: "macAddress")
    }

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

import HatchDependencyContainerCore
import HatchDeviceFeed
import HatchDeviceModel
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient

/// The dependencies of the adult alarms feature of one device: the device's state, actions and
/// connection, its identity, and ``AlarmStateProvider``, which this module registers for itself as a
/// local main-actor singleton.
///
/// The members are those `@DependencyRequirements` generates, written out so that the module needs only
/// the container's runtime (HatchDependencyContainerCore).
public struct AdultAlarmsDependencies: DependencyRequirements {
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

    /// The required `IoTDeviceStateEmitterClient`.
    public nonisolated var iotDeviceStateEmitter: IoTDeviceStateEmitterClient {
        container.requirement(IoTDeviceStateEmitterClient.self, accessor: "iotDeviceStateEmitter")
    }

    /// The required `IoTActionSenderClient`.
    public nonisolated var iotActionSender: IoTActionSenderClient {
        container.requirement(IoTActionSenderClient.self, accessor: "iotActionSender")
    }

    /// The required `IoTDeviceConnectionStateClient`.
    public nonisolated var iotDeviceConnectionState: IoTDeviceConnectionStateClient {
        container.requirement(IoTDeviceConnectionStateClient.self, accessor: "iotDeviceConnectionState")
    }

    /// The main-actor ``AlarmStateProvider``.
    @MainActor public var alarmStateProvider: AlarmStateProvider {
        container.mainActorRequirement(AlarmStateProvider.self, accessor: "alarmStateProvider")
    }

    /// The input `HardwareProduct`.
    public nonisolated var hardwareProduct: HardwareProduct {
        container.input(HardwareProduct.self, accessor: "hardwareProduct")
    }

    /// The input `MacAddress`.
    public nonisolated var macAddress: MacAddress {
        container.input(MacAddress.self, accessor: "macAddress")
    }

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

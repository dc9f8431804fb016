import HatchDependencyContainerCore
import HatchDeviceModel
import HatchDeviceSession
import HatchMQTT

/// The owner type of the suite's root container.
enum HILRoot {}

/// The suite's composition root, built the way an app or `hatchctl` builds its own: the root container
/// holds the one MQTT session and the three live IoT clients over it, and each device gets its own
/// child container (``DeviceSessionDependencies``) from which the routine and alarm features are built.
struct HILComposition: Sendable {
    /// The frozen root container.
    let rootContainer: DependencyContainer

    /// Registers the live clients over `session`; `timeout` bounds every device round trip.
    init(session: MQTTSession, timeout: Duration) throws {
        let dependencyBuilder = DependencyBuilder<HILRoot>()
        try LiveDeviceClients.register(in: dependencyBuilder, session: session, timeout: timeout)
        let rootContainer = dependencyBuilder.freeze()
        self.rootContainer = rootContainer
    }

    /// The child container of one device.
    func device(_ device: HILDevice) -> DeviceSessionDependencies {
        rootContainer.buildChild(DeviceSessionDependencies.self) { childBuilder in
            childBuilder.provideInput(HardwareProduct.self, device.product)
            childBuilder.provideInput(MacAddress.self, device.macAddress)
        }
    }
}

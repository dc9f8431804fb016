import HatchDependencyContainerCore
import HatchDeviceModel
import HatchDeviceSession
import HatchMQTT

/// `hatchctl`'s composition root: the root container holds the process's one MQTT session and the three
/// live IoT clients over it; every device a command targets gets its own child container
/// (``DeviceSessionDependencies``, with the device's product and MAC address as inputs), from which
/// the routine or alarm feature is built and its provider resolved.
struct HatchctlComposition: Sendable {
    /// The frozen root container.
    let rootContainer: DependencyContainer

    /// Registers the root dependencies over `session`; `timeout` bounds every device round trip.
    init(session: MQTTSession, timeout: Duration) {
        let dependencyBuilder = DependencyBuilder<HatchctlRoot>()
        do {
            try LiveDeviceClients.register(in: dependencyBuilder, session: session, timeout: timeout)
        } catch {
            preconditionFailure("Failed to register hatchctl's root dependencies. Error: \(error).")
        }
        let rootContainer = dependencyBuilder.freeze()
        self.rootContainer = rootContainer
    }

    /// The child container of one device: one per device, as the design asks.
    func deviceDependencies(macAddress: MacAddress, product: HardwareProduct) -> DeviceSessionDependencies {
        rootContainer.buildChild(DeviceSessionDependencies.self) { childBuilder in
            childBuilder.provideInput(HardwareProduct.self, product)
            childBuilder.provideInput(MacAddress.self, macAddress)
        }
    }
}

import HatchDependencyContainerCore
import HatchDeviceModel
import HatchDeviceSession
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
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
            // Layer 1: the transport, one session per process.
            try dependencyBuilder.registerSingleton(MQTTSession.self) { _ in session }

            // Layer 2: the live clients, all over that session.
            try dependencyBuilder.registerSingleton(IoTDeviceStateEmitterClient.self) { container in
                try .live(session: container.resolve(MQTTSession.self), timeout: timeout)
            }
            try dependencyBuilder.registerSingleton(IoTActionSenderClient.self) { container in
                try .live(session: container.resolve(MQTTSession.self), timeout: timeout)
            }
            try dependencyBuilder.registerSingleton(IoTDeviceConnectionStateClient.Factory.self) { container in
                try .live(session: container.resolve(MQTTSession.self))
            }
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

import HatchDependencyContainerCore
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import HatchMQTT

/// The root registrations that devices need: the process's one MQTT session and the three live IoT
/// clients over it. Every composition root that talks to devices — an app's, `hatchctl`'s, the
/// hardware-in-loop kit's — registers them with this call, so ``DeviceSessionDependencies`` finds the
/// same clients wherever it is built. The dependency analyzer counts them as the root's.
public enum LiveDeviceClients {
    /// Registers `session` and the live state, action and connection clients over it; `timeout` bounds
    /// every device round trip.
    public static func register<Owner>(in builder: DependencyRegistrar<Owner>, session: MQTTSession,
                                       timeout: Duration) throws(DependencyRegistrationError) {
        // The transport, one session per process.
        try builder.registerSingleton(MQTTSession.self) { _ in session }
        // The live clients, all over that session.
        try builder.registerSingleton(IoTDeviceStateEmitterClient.self) { container in
            try .live(session: container.resolve(MQTTSession.self), timeout: timeout)
        }
        try builder.registerSingleton(IoTActionSenderClient.self) { container in
            try .live(session: container.resolve(MQTTSession.self), timeout: timeout)
        }
        try builder.registerSingleton(IoTDeviceConnectionStateClient.Factory.self) { container in
            try .live(session: container.resolve(MQTTSession.self))
        }
    }
}

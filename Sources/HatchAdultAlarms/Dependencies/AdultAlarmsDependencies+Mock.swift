import HatchDependencyContainerCore
import HatchDeviceModel
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import Tagged

extension AdultAlarmsDependencies: TestDependencyProvider {
    /// Mock clients (a Restore 3 with one weekday alarm, online), the device inputs, and the local provider.
    public static func mockRegistration(in builder: MockDependencyBuilder<AdultAlarmsDependencies>) {
        do {
            // MARK: - Leaf dependencies

            try builder.registerSingleton(IoTDeviceStateEmitterClient.self) { _ in .mock() }
            try builder.registerSingleton(IoTActionSenderClient.self) { _ in .mock() }
            try builder.registerSingleton(IoTDeviceConnectionStateClient.self) { _ in .mock() }

            builder.provideInput(HardwareProduct.self, .restoreV5)
            builder.provideInput(MacAddress.self, Tagged(rawValue: "A4:C1:38:00:11:22"))

            // MARK: - Local dependencies

            try builder.local.mainActor.registerSingleton(AlarmStateProvider.self) { container in
                try AlarmStateProvider(
                    dependencies: AlarmStateProvider.Dependencies(
                        stateEmitter: container.resolve(IoTDeviceStateEmitterClient.self),
                        actionSender: container.resolve(IoTActionSenderClient.self),
                        connectionState: container.resolve(IoTDeviceConnectionStateClient.self)
                    ),
                    macAddress: container.resolve(MacAddress.self),
                    product: container.resolve(HardwareProduct.self)
                )
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}

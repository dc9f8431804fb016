import HatchAdultAlarms
import HatchAdultRoutine
import HatchDependencyContainerCore
import HatchIoTDeviceConnectionStateClient

extension DeviceSessionDependencies: TestDependencyProvider {
    /// The children's mocks (clients, the device connection and the inputs) plus a mock factory.
    public static func mockRegistration(in builder: MockDependencyBuilder<DeviceSessionDependencies>) {
        do {
            // MARK: - Imported dependencies (from child modules)

            builder.importDependencies(AdultAlarmsDependencies.self)
            builder.importDependencies(AdultRoutineDependencies.self)

            // MARK: - Leaf dependencies (not covered by imports)

            try builder.registerSingleton(IoTDeviceConnectionStateClient.Factory.self) { _ in .mock() }
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}

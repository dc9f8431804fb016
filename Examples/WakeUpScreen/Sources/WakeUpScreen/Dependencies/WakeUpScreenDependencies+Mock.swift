import HatchAdultAlarms
import HatchModularDependencyContainer

extension WakeUpScreenDependencies: TestDependencyProvider {
    /// The alarms feature's mocks (clients, a Restore 3 with one weekday alarm, the inputs) and the local model.
    public static func mockRegistration(in builder: MockDependencyBuilder<WakeUpScreenDependencies>) {
        do {
            // MARK: - Imported dependencies (from child modules)

            builder.importDependencies(AdultAlarmsDependencies.self)

            // MARK: - Local dependencies

            try builder.local.mainActor.registerSingleton(WakeUpScreenModel.self) { container in
                WakeUpScreenModel(dependencies: WakeUpScreenDependencies(container))
            }
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}

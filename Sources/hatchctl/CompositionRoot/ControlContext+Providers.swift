import HatchAdultAlarms
import HatchAdultRoutine
import HatchDeviceFeed
import HatchFleetControl

extension ControlContext {
    /// The device's ``RoutineStateProvider``, resolved through its child containers and loaded.
    @MainActor
    func routineProvider(for device: KnownDevice) async throws -> RoutineStateProvider {
        try await loaded(dependencies(for: device).adultRoutine().routineStateProvider)
    }

    /// The device's ``AlarmStateProvider``, resolved through its child containers and loaded.
    @MainActor
    func alarmProvider(for device: KnownDevice) async throws -> AlarmStateProvider {
        try await loaded(dependencies(for: device).adultAlarms().alarmStateProvider)
    }

    @MainActor
    private func loaded<Provider: DeviceFeatureProvider>(_ provider: Provider) async throws -> Provider {
        try await provider.load(timeout: timeout)
        return provider
    }
}

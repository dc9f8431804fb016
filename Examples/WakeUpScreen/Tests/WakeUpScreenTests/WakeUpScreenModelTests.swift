import HatchDeviceModel
import HatchModularDependencyContainer
import Testing
import WakeUpScreen

/// The wake-up screen in the container's test mode: its `+Mock.swift` (the alarms feature's mocks, a
/// Restore 3 with one weekday alarm at 06:30), no broker.
@Suite("Wake-up screen model")
@MainActor
struct WakeUpScreenModelTests {
    @Test("the mock device's weekday alarm is the next one; snooze is refused while nothing rings")
    func nextAlarmFromMocks() async throws {
        let screen = try WakeUpScreenDependencies.testing().wakeUpScreenModel
        try await screen.load()
        guard case .upcoming(let name, let wakeTime, let sunriseFrom) = screen.state else {
            Issue.record("the screen shows \(screen.state), not the next alarm")
            return
        }
        #expect(name == "Weekdays")
        #expect(wakeTime == (try TimeOfDay(hour: 6, minute: 30)))
        #expect(sunriseFrom != nil)
        await #expect(throws: WakeUpScreenError.self) { try await screen.snooze() }
    }
}

import Foundation
import HatchAdultAlarms
import HatchDeviceModel
import HatchHardwareInLoop
import WakeUpScreen

/// One device's wake-up screen, built through the kit's container as the app builds it, with the
/// device's own alarms disarmed for the scenario (and re-armed after it).
@MainActor
struct ScreenUnderTest {
    let device: OpenDevice
    let screen: WakeUpScreenModel
    let clock: DeviceClock

    /// The device's name, for the report.
    var name: String { device.device.name }
    /// The device's reported states.
    var log: StateLog { device.log }

    /// Opens the first device with a light and alarms, or records the scenario as not applicable.
    static func open(_ run: ScenarioRun) async throws -> ScreenUnderTest? {
        guard let device = run.target.device(where: { $0.light && $0.alarms }, preferring: [.restoreV5, .restoreV4]) else {
            run.notApplicable("wake-up screen (no device with a light and alarms)", essential: true)
            return nil
        }
        let open = try await run.open(device)
        let screen = open.dependencies.wakeUpScreen().wakeUpScreenModel
        let observing = Task { await screen.observe() }
        run.onCleanup("stop observing") { observing.cancel() }
        try await screen.load()
        for alarm in screen.alarms.alarms where alarm.enabled {
            _ = try await screen.alarms.disable(alarm)
            run.onCleanup("re-arm \(alarm.name)") { _ = try await screen.alarms.enable(alarm) }
        }
        return ScreenUnderTest(device: open, screen: screen, clock: try await run.deviceClock(open))
    }

    /// Adds a one-time alarm `name` at the first whole minute `inSeconds` from now on the device's clock,
    /// with a sunrise of `sunriseLead` seconds; deleted when the scenario ends.
    func addAlarm(_ name: String, inSeconds: TimeInterval, sunriseLead: Int, run: ScenarioRun) async throws -> (alarm: Alarm, wake: Date) {
        let wake = try clock.wholeMinute(atLeast: inSeconds)
        var alarm = Alarm(id: 0, name: name, daysOfWeek: .once, wakeTime: wake.time, sunriseLead: sunriseLead, snoozeDuration: 540,
                          color: ColorState(id: WireConstants.customColorID, r: 65535, g: 30000, b: 6000, i: 60000),
                          sound: SoundState(id: device.device.product.sounds.sounds.first?.id ?? 5, v: 20000))
        let receipt = try await screen.alarms.add(alarm)
        alarm.id = try await run.createdRecordID(receipt, named: name) { screen.alarms.alarms.map { ($0.id, $0.name) } }
        run.onCleanup("delete \(name)") { [alarm] in _ = try await screen.alarms.delete(alarm) }
        return (alarm, wake.date)
    }
}

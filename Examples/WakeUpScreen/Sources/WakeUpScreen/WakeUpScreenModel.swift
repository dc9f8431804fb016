import Foundation
import HatchAdultAlarms
import HatchDeviceModel
import Observation

/// The bedside wake-up screen of one device: the next alarm and its sunrise, the sunrise's brightness
/// while it ramps up, and snooze and dismiss while the alarm rings. It reads and acts through the
/// device's alarms feature (``AlarmStateProvider``).
@MainActor @Observable
public final class WakeUpScreenModel {
    /// What the model needs.
    public struct Dependencies {
        /// The device's alarms feature.
        public let alarms: AlarmStateProvider

        /// The dependencies of a model.
        public init(alarms: AlarmStateProvider) {
            self.alarms = alarms
        }
    }

    /// The device's alarms feature.
    public let alarms: AlarmStateProvider

    // MARK: - Convenience init (used by the container)

    /// A model over the alarms feature of `dependencies`' device.
    public convenience init(dependencies: WakeUpScreenDependencies) {
        self.init(dependencies: Dependencies(alarms: dependencies.adultAlarms().alarmStateProvider))
    }

    // MARK: - Detailed init (used by tests and previews)

    /// A model over `dependencies.alarms`.
    public init(dependencies: Dependencies) {
        alarms = dependencies.alarms
    }

    /// What the screen shows now.
    public var state: WakeUpScreenState {
        switch alarms.status {
        case .sunrise(let alarm):
            let intensity = alarms.deviceState?.reported.current.color?.i ?? 0
            let percent = alarm.color.i > 0 ? min(100, intensity * 100 / alarm.color.i) : 0
            return .sunrise(name: alarm.name, percent: percent)
        case .ringing(let alarm):
            return .ringing(name: alarm.name)
        case .snoozed(let alarm, let until):
            return .snoozed(name: alarm.name, until: Date(timeIntervalSince1970: TimeInterval(until)))
        case .idle:
            guard let next = alarms.nextAlarm else { return .noAlarm }
            return .upcoming(name: next.alarm.name, wakeTime: next.alarm.wakeTime,
                             sunriseFrom: next.alarm.sunriseLead > 0 ? next.sunriseStart : nil)
        }
    }

    /// Whether the snooze button is offered: only while the alarm rings.
    public var canSnooze: Bool {
        if case .ringing = state { return true }
        return false
    }

    /// Reads the device's state and alarms once.
    public func load() async throws {
        try await alarms.load()
    }

    /// Follows the device until the calling task is cancelled.
    public func observe() async {
        await alarms.observe()
    }

    /// Snoozes the ringing alarm; throws ``WakeUpScreenError/notRinging`` when nothing rings.
    public func snooze() async throws {
        guard canSnooze else { throw WakeUpScreenError.notRinging(state) }
        _ = try await alarms.snooze()
    }

    /// Turns the ringing or snoozed alarm off.
    public func dismiss() async throws {
        _ = try await alarms.dismiss()
    }
}

import Foundation
import HatchAdultAlarms
import HatchAdultRoutine
import HatchDeviceModel
import HatchIoTDeviceStateEmitterClient

/// What a tool shows about one device (`hatchctl devices` and `state`): its records, its state, what
/// it plays and its next alarm, read through its routine and alarm providers.
package struct DeviceOverview: Sendable {
    /// The device's records.
    package var device: KnownDevice
    /// Its shadow state, when it was read.
    package var state: IoTDeviceState?
    /// What plays, as text: `Bedtime (step 2/3, 4m 10s left)`, `nothing`, `no answer`.
    package var playing: String
    /// What plays, as values.
    package var playingDetail: PlayingDetail
    /// The next alarm to fire, when one is enabled.
    package var nextAlarm: NextAlarm?

    /// Creates the overview of one device.
    package init(device: KnownDevice, state: IoTDeviceState?, playing: String, playingDetail: PlayingDetail, nextAlarm: NextAlarm?) {
        self.device = device
        self.state = state
        self.playing = playing
        self.playingDetail = playingDetail
        self.nextAlarm = nextAlarm
    }

    /// What plays, for `--json`.
    package struct PlayingDetail: Codable, Sendable, Hashable {
        package var mode: String
        package var routineID: Int?
        package var routineName: String?
        package var step: Int?
        package var stepCount: Int?
        package var timeLeft: Int?
        package var alarmID: Int?
        package var alarmName: String?
        package var alarmStatus: String?

        /// A detail with the `playing` mode only.
        package init(mode: String) {
            self.mode = mode
        }
    }

    /// Loads the providers of an online device (waiting at most `timeout` for each); an offline one
    /// gets its registry data only. `providers` resolves the device's two providers, only when it is online.
    @MainActor
    package static func load(_ device: KnownDevice, timeout: Duration,
                             providers: @MainActor () -> (routines: RoutineStateProvider, alarms: AlarmStateProvider)) async throws -> DeviceOverview {
        guard device.isOnline else {
            return DeviceOverview(device: device, state: nil, playing: "-", playingDetail: PlayingDetail(mode: "unknown"), nextAlarm: nil)
        }
        let (routines, alarms) = providers()
        async let routinesLoaded: Void = routines.load(timeout: timeout)
        try await alarms.load(timeout: timeout)
        try await routinesLoaded
        let state = alarms.deviceState ?? routines.deviceState
        var detail = PlayingDetail(mode: state?.reported.current.playing.rawValue ?? "unknown")
        let text: String
        if let alarm = alarms.status.alarm {
            detail.alarmID = alarm.id
            detail.alarmName = alarm.name
            detail.alarmStatus = alarms.status.name
            text = "alarm \(alarm.name) (\(alarms.status.name))"
        } else if let progress = routines.progress {
            detail.routineID = progress.routine.id
            detail.routineName = progress.routine.name
            detail.step = progress.step
            detail.stepCount = progress.stepCount
            detail.timeLeft = progress.timeLeft
            let left = progress.timeLeft.map { ", \(TextFormat.duration(seconds: $0)) left" } ?? ""
            text = "\(progress.routine.name) (step \(progress.step)/\(progress.stepCount)\(left))"
        } else if let current = state?.reported.current, current.playing == .remote {
            text = "remote (light \(StateDescription.color(current.color)), \(StateDescription.sound(current.sound, product: device.product)))"
        } else if let current = state?.reported.current, current.playing == .routine {
            detail.routineID = current.srId
            text = "routine \(current.srId) (step \(current.step))"
        } else {
            text = "nothing"
        }
        return DeviceOverview(device: device, state: state, playing: text, playingDetail: detail, nextAlarm: alarms.nextAlarm)
    }

    /// The label and presence, the state's summary and the next alarm (`hatchctl state`).
    package func stateText() -> String {
        var text = "\(device.label): \(presenceText())"
        if let state { text += "\n" + StateDescription.text(state, playing: playing) }
        return text + "\nnext alarm  \(nextAlarmText())"
    }

    /// `Mon 06:30 Weekdays`, or `-`.
    package func nextAlarmText() -> String {
        guard let nextAlarm else { return "-" }
        let timeZone = state.flatMap { TimeZone(identifier: $0.reported.timezone) } ?? .gmt
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let weekday = calendar.shortWeekdaySymbols[calendar.component(.weekday, from: nextAlarm.fireDate) - 1]
        return "\(weekday) \(nextAlarm.alarm.wakeTime) \(nextAlarm.alarm.name)"
    }

    /// `online`, `offline since 2026-…Z (connectionLost)`, `unknown`.
    package func presenceText() -> String {
        guard let presence = device.presence else { return "unknown" }
        switch presence.state {
        case .online: return "online"
        case .offline:
            let since = device.presenceSince.map { " since \(TextFormat.timestamp($0))" } ?? ""
            let reason = presence.reason.map { " (\($0))" } ?? ""
            return "offline\(since)\(reason)"
        }
    }
}

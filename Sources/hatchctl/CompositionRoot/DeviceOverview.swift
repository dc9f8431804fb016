import Foundation
import HatchAdultAlarms
import HatchAdultRoutine
import HatchDeviceModel
import HatchIoTDeviceStateEmitterClient

/// What `devices` and `state` show about one device, read through its routine and alarm providers
/// (resolved from the device's child containers).
struct DeviceOverview: Sendable {
    var device: KnownDevice
    var state: IoTDeviceState?
    var playing: String
    var playingDetail: PlayingDetail
    var nextAlarm: NextAlarm?

    /// What plays, for `--json`.
    struct PlayingDetail: Codable, Sendable, Hashable {
        var mode: String
        var routineID: Int?
        var routineName: String?
        var step: Int?
        var stepCount: Int?
        var timeLeft: Int?
        var alarmID: Int?
        var alarmName: String?
        var alarmStatus: String?
    }

    /// Loads the providers of an online device; an offline one gets its registry data only.
    @MainActor
    static func load(_ device: KnownDevice, context: ControlContext) async throws -> DeviceOverview {
        guard device.isOnline else {
            return DeviceOverview(device: device, state: nil, playing: "-", playingDetail: PlayingDetail(mode: "unknown"), nextAlarm: nil)
        }
        let session = context.dependencies(for: device)
        let routines = session.adultRoutine().routineStateProvider
        let alarms = session.adultAlarms().alarmStateProvider
        async let routinesLoaded: Void = routines.load(timeout: context.timeout)
        try await alarms.load(timeout: context.timeout)
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

    /// `Mon 06:30 Weekdays`, or `-`.
    func nextAlarmText() -> String {
        guard let nextAlarm else { return "-" }
        let timeZone = state.flatMap { TimeZone(identifier: $0.reported.timezone) } ?? .gmt
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let weekday = calendar.shortWeekdaySymbols[calendar.component(.weekday, from: nextAlarm.fireDate) - 1]
        return "\(weekday) \(nextAlarm.alarm.wakeTime) \(nextAlarm.alarm.name)"
    }

    /// `online`, `offline since 2026-…Z (connectionLost)`, `unknown`.
    func presenceText() -> String {
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

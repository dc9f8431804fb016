import Foundation
import HatchAdultAlarms
import HatchDeviceModel
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient

/// Everything the dashboard knows about one device: what its clients last said. The card is drawn
/// from it (``card``), so a card always shows one consistent set of reports.
package struct DeviceSnapshot: Sendable, Hashable {
    /// Who the device is.
    package var device: DashboardDevice
    /// Its latest shadow state, `nil` before the first arrived.
    package var state: IoTDeviceState? = nil
    /// Whether it is reachable.
    package var connection: IoTDeviceConnectionState = .unknown
    /// Its routine records.
    package var routines: [Routine] = []
    /// Its alarm records.
    package var alarms: [Alarm] = []

    /// Creates everything the dashboard knows about one device.
    package init(
        device: DashboardDevice,
        state: IoTDeviceState? = nil,
        connection: IoTDeviceConnectionState = .unknown,
        routines: [Routine] = [],
        alarms: [Alarm] = []
    ) {
        self.device = device
        self.state = state
        self.connection = connection
        self.routines = routines
        self.alarms = alarms
    }

    /// The card of this snapshot.
    package var card: DeviceCard {
        let product = device.product
        let capabilities = product.capabilities
        let reported = state?.reported
        let current = reported?.current
        let alarmStatus = reported.map { AlarmStatus.read(from: $0, alarms: alarms, routines: routines) } ?? .idle
        var routineID: Int?
        let playing: String
        if let alarm = alarmStatus.alarm {
            playing = "alarm \(alarm.name) (\(alarmStatus.name))"
        } else if let current, current.playing == .routine {
            routineID = current.srId
            if let routine = routines.first(where: { $0.id == current.srId }) {
                playing = "\(routine.name) (step \(current.step)/\(routine.steps.count)\(current.paused ? ", paused" : ""))"
            } else {
                playing = "routine \(current.srId) (step \(current.step))"
            }
        } else if let current, current.playing == .remote {
            playing = "remote"
        } else {
            playing = state == nil ? "-" : "nothing"
        }
        let sound = current?.sound
        let soundName: String
        if let sound, !sound.isNoSound {
            soundName = (product.sounds.sound(id: sound.id)?.name ?? "sound \(sound.id)") + (sound.mute ? " (muted)" : "")
        } else {
            soundName = "off"
        }
        return DeviceCard(
            thing: device.thingName.rawValue,
            name: device.name,
            mac: device.macAddress.rawValue,
            product: product.rawValue,
            productName: product.marketingName,
            presence: connection.name,
            presenceReason: Self.reason(connection),
            light: capabilities.light ? LightSwatch(current?.color) : nil,
            nightlight: reported?.nightlightOn.map { on in
                on ? "on at \(LightSwatch.percent(reported?.nightlightIntensity ?? 0))%" : "off"
            },
            clock: capabilities.clock ? reported?.clock.map { Self.clockText($0, product: product) } : nil,
            playing: playing,
            alarmStatus: alarmStatus.name,
            routineID: routineID,
            sound: soundName,
            soundID: sound.flatMap { $0.isNoSound ? nil : $0.id },
            volume: LightSwatch.percent(sound?.v ?? 0),
            nextAlarm: capabilities.alarms ? nextAlarmText(reported: reported) : nil,
            toddlerLock: capabilities.toddlerLock ? reported?.toddlerLockOn.map { $0 ? "on" : "off" } : nil,
            battery: capabilities.battery ? reported?.deviceInfo.b.map { battery in
                "\(battery)%" + (reported?.deviceInfo.powerStatus.map { $0.isPluggedIn ? " (charging)" : "" } ?? "")
            } : nil,
            alarms: capabilities.alarms,
            routines: routines.filter(\.enabled).map { DeviceCard.RoutineChoice(id: $0.id, name: $0.name) },
            version: state?.version
        )
    }

    /// The offline reason, when the device is offline and says why.
    private static func reason(_ connection: IoTDeviceConnectionState) -> String? {
        if case .offline(_, let reason) = connection { return reason }
        return nil
    }

    /// `on, 24-hour at 30%` / `off`.
    private static func clockText(_ clock: ClockState, product: HardwareProduct) -> String {
        let flags = ClockFlags(rawValue: clock.flags)
        guard flags.contains(.on) else { return "off" }
        let brightness = ClockBrightness(packed: clock.i, product: product)
        return "on, \(flags.contains(.twentyFourHour) ? "24-hour" : "12-hour") at \(LightSwatch.percent(brightness.day))%"
    }

    /// `Mon 06:30 Weekdays` on the device's clock (its last shadow timestamp), or `nil`.
    private func nextAlarmText(reported: ReportedState?) -> String? {
        guard let state, let reported else { return nil }
        let timeZone = TimeZone(identifier: reported.timezone) ?? .gmt
        let now = Date(timeIntervalSince1970: TimeInterval(state.timestamp))
        guard let next = NextAlarm.find(in: alarms, after: now, timeZone: timeZone, alarmsDisabled: reported.alarmsDisabled ?? false) else {
            return nil
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let weekday = calendar.shortWeekdaySymbols[calendar.component(.weekday, from: next.fireDate) - 1]
        return "\(weekday) \(next.alarm.wakeTime) \(next.alarm.name)"
    }
}

import Foundation
import HatchDeviceModel
import HatchIoTDeviceStateEmitterClient

/// Human-readable and JSON views of a device state.
enum StateDescription {
    /// A percentage of the 0…65535 scale, e.g. `46%`.
    static func percent(_ value: Int) -> String {
        "\(Int((Double(value) / Double(WireConstants.fullScale) * 100).rounded()))%"
    }

    /// `#RRGGBB @ 46%`, `off`.
    static func color(_ color: ColorState?) -> String {
        guard let color else { return "none (no light)" }
        guard color.isOn else { return "off" }
        let hex = [color.r, color.g, color.b].map { String(format: "%02X", $0 * 255 / WireConstants.fullScale) }.joined()
        return "#\(hex)\(color.w > 0 ? " +white \(percent(color.w))" : "") at \(percent(color.i))"
    }

    /// `sound 3 at 30%`, `off`, `sound 3 (muted)`.
    static func sound(_ sound: SoundState) -> String {
        guard sound.id != WireConstants.soundOffID else { return "off" }
        return "sound \(sound.id) at \(percent(sound.v))\(sound.mute ? " (muted)" : "")"
    }

    /// Multi-line summary of a state.
    static func text(_ state: IoTDeviceState, playing: String) -> String {
        let reported = state.reported
        var lines: [(String, String)] = [
            ("playing", playing),
            ("light", color(reported.current.color)),
            ("sound", sound(reported.current.sound)),
            ("volume", percent(reported.current.sound.v)),
        ]
        if let nightlight = reported.nightlightOn { lines.append(("nightlight", nightlight ? "on" : "off")) }
        if let clock = reported.clock {
            let flags = ClockFlags(rawValue: clock.flags)
            lines.append(("clock", "\(flags.contains(.on) ? "on" : "off"), \(flags.contains(.twentyFourHour) ? "24-hour" : "12-hour")"))
        }
        if let lock = reported.toddlerLockOn { lines.append(("toddler lock", lock ? "on" : "off")) }
        lines.append(("alarms", reported.alarmsDisabled ? "suspended" : "armed"))
        if reported.snooze.active { lines.append(("snooze", "active since \(reported.snooze.startTime)")) }
        if let battery = reported.deviceInfo.b {
            lines.append(("battery", "\(battery)%\(reported.deviceInfo.powerStatus.map { " (\($0.rawValue))" } ?? "")"))
        }
        lines += [
            ("firmware", reported.deviceInfo.f),
            ("hardware", reported.deviceInfo.hwVersion),
            ("rssi", "\(reported.rssi) dBm"),
            ("timezone", reported.timezone),
            ("shadow", "version \(state.version) at \(TextFormat.timestamp(Date(timeIntervalSince1970: TimeInterval(state.timestamp))))"),
        ]
        let width = lines.map(\.0.count).max() ?? 0
        return lines.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }.joined(separator: "\n")
    }
}

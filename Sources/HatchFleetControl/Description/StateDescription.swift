import Foundation
import HatchDeviceModel
import HatchIoTDeviceStateEmitterClient

/// Human-readable and JSON views of a device state.
package enum StateDescription {
    /// A percentage of the 0…65535 scale, e.g. `46%`.
    package static func percent(_ value: Int) -> String {
        "\(Int((Double(value) / Double(WireConstants.fullScale) * 100).rounded()))%"
    }

    /// `#RRGGBB @ 46%`, `off`.
    package static func color(_ color: ColorState?) -> String {
        guard let color else { return "none (no light)" }
        guard color.isOn else { return "off" }
        let hex = [color.r, color.g, color.b].map { String(format: "%02X", $0 * 255 / WireConstants.fullScale) }.joined()
        return "#\(hex)\(color.w > 0 ? " +white \(percent(color.w))" : "") at \(percent(color.i))"
    }

    /// `Ocean (10128) at 30%`, `sound 3 at 30%`, `off`, `… (muted)`: the vendor client's name for
    /// the product's sound where it has one.
    package static func sound(_ sound: SoundState, product: HardwareProduct) -> String {
        guard !sound.isNoSound else { return "off" }
        let name = product.sounds.sound(id: sound.id).map { "\($0.name) (\(sound.id))" } ?? "sound \(sound.id)"
        return "\(name) at \(percent(sound.v))\(sound.mute ? " (muted)" : "")"
    }

    /// `on base`, `plugged in`, `not charging`.
    package static func power(_ status: PowerStatus) -> String {
        switch status {
        case .notCharging: return "not charging"
        case .pluggedIn: return "charging, plugged in"
        case .onBase: return "charging on its base"
        }
    }

    /// Multi-line summary of a state.
    package static func text(_ state: IoTDeviceState, playing: String) -> String {
        let reported = state.reported
        var lines: [(String, String)] = [
            ("playing", playing),
            ("light", color(reported.current.color)),
            ("sound", sound(reported.current.sound, product: state.product)),
            ("volume", percent(reported.current.sound.v)),
        ]
        if let nightlight = reported.nightlightOn { lines.append(("nightlight", nightlight ? "on" : "off")) }
        if let clock = reported.clock {
            let flags = ClockFlags(rawValue: clock.flags)
            lines.append(("clock", "\(flags.contains(.on) ? "on" : "off"), \(flags.contains(.twentyFourHour) ? "24-hour" : "12-hour")"))
        }
        if let lock = reported.toddlerLockOn { lines.append(("toddler lock", lock ? "on" : "off")) }
        if let disabled = reported.alarmsDisabled { lines.append(("alarms", disabled ? "suspended" : "armed")) }
        if let snooze = reported.snooze, snooze.active { lines.append(("snooze", "active since \(snooze.startTime)")) }
        if let battery = reported.deviceInfo.b {
            lines.append(("battery", "\(battery)%\(reported.deviceInfo.powerStatus.map { " (\(power($0)))" } ?? "")"))
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

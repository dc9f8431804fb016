import Foundation
import HatchDeviceModel

/// A control's request as the page posts it to `/api/control`, e.g.
/// `{"thing": "restoreV5-…", "action": "light", "color": "#FF0000", "brightness": 50}`,
/// `{"action": "clock", "speed": 60}`, `{"thing": "…", "action": "fault", "fault": "offline", "seconds": 30}`.
package struct DashboardRequest: Sendable, Hashable, Codable {
    /// The device's thing name (every action but `clock`).
    package var thing: String?
    /// `light`, `lightOff`, `sound`, `soundOff`, `volume`, `startRoutine`, `stopRoutine`, `snooze`,
    /// `dismiss`, `desired`, `fault` or `clock`.
    package var action: String
    /// `#RRGGBB` (light).
    package var color: String?
    /// 0…100 (light).
    package var brightness: Int?
    /// A sound id (sound).
    package var sound: Int?
    /// 0…100 (sound, volume).
    package var volume: Int?
    /// A routine id (startRoutine).
    package var routine: Int?
    /// A fault kind (fault).
    package var fault: String?
    /// Real seconds a fault lasts (fault).
    package var seconds: Double?
    /// How many updates to reject (fault `rejectUpdates`).
    package var count: Int?
    /// Simulated seconds per real second; 0 pauses (clock).
    package var speed: Double?
    /// A simulated time to jump to, ISO 8601 (clock).
    package var time: String?
    /// Simulated seconds to jump forward (clock).
    package var advance: Double?
    /// A `desired` document, a JSON object (desired).
    package var desired: JSONValue?

    /// What the request asks, checked.
    package func command() throws(DashboardRequestError) -> DashboardCommand {
        switch action {
        case "clock":
            if let time {
                guard let date = Self.parseTime(time) else { throw .invalid("'time' must be ISO 8601, e.g. 2026-01-05T06:20:00Z (got \(time)).") }
                return .clock(.set(date))
            }
            if let advance {
                guard advance.isFinite, advance > 0, advance <= 366 * 86_400 else { throw .invalid("'advance' takes 1 second to a year.") }
                return .clock(.advance(advance))
            }
            if let speed {
                guard speed.isFinite, (0...100_000).contains(speed) else { throw .invalid("'speed' takes 0 (pause) to 100000.") }
                return .clock(speed == 0 ? .pause : .speed(speed))
            }
            throw .invalid("a clock change needs 'speed', 'time' or 'advance'.")
        case "fault":
            guard let fault else { throw .invalid("a fault needs its kind in 'fault'.") }
            return .fault(thing: try requiredThing(), kind: fault, seconds: seconds, count: count)
        default:
            return .device(thing: try requiredThing(), action: try deviceAction())
        }
    }

    private func requiredThing() throws(DashboardRequestError) -> String {
        guard let thing, !thing.isEmpty else { throw .invalid("'\(action)' needs the device's thing name in 'thing'.") }
        return thing
    }

    private func deviceAction() throws(DashboardRequestError) -> DashboardDeviceAction {
        switch action {
        case "light":
            guard let color, let rgb = Self.parseColor(color) else { throw .invalid("'color' must be #RRGGBB (got \(color ?? "nothing")).") }
            return .light(red: rgb.0, green: rgb.1, blue: rgb.2, brightness: try percent(brightness ?? 50, "brightness"))
        case "lightOff": return .lightOff
        case "sound":
            guard let sound, sound > 0 else { throw .invalid("'sound' must be a sound id above 0.") }
            return .sound(id: sound, volume: try percent(volume ?? 30, "volume"))
        case "soundOff": return .soundOff
        case "volume":
            guard let volume else { throw .invalid("'volume' needs a percentage 0…100.") }
            return .volume(try percent(volume, "volume"))
        case "startRoutine":
            guard let routine else { throw .invalid("'startRoutine' needs a routine id in 'routine'.") }
            return .startRoutine(id: routine)
        case "stopRoutine": return .stopRoutine
        case "snooze": return .snooze
        case "dismiss": return .dismiss
        case "desired":
            guard let desired, desired.objectValue != nil else {
                throw .invalid("'desired' needs a JSON object, e.g. {\"current\": {\"sound\": {\"v\": 20000}}}.")
            }
            return .desired(desired)
        default:
            throw .invalid("unknown action '\(action)'; known: light, lightOff, sound, soundOff, volume, startRoutine, stopRoutine, snooze, dismiss, desired, fault, clock.")
        }
    }

    private func percent(_ value: Int, _ field: String) throws(DashboardRequestError) -> Int {
        guard (0...100).contains(value) else { throw .invalid("'\(field)' is a percentage 0…100, not \(value).") }
        return value
    }

    /// `#RRGGBB` as three bytes.
    static func parseColor(_ text: String) -> (Int, Int, Int)? {
        let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard hex.count == 6, let value = Int(hex, radix: 16) else { return nil }
        return ((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)
    }

    /// ISO 8601, with or without a zone (UTC).
    static func parseTime(_ text: String) -> Date? {
        let iso = ISO8601DateFormatter()
        return iso.date(from: text) ?? iso.date(from: text + "Z") ?? iso.date(from: text + ":00Z")
    }
}

/// What a checked ``DashboardRequest`` asks.
package enum DashboardCommand: Sendable, Hashable {
    /// An action on a device.
    case device(thing: String, action: DashboardDeviceAction)
    /// A fault for a simulated device.
    case fault(thing: String, kind: String, seconds: Double?, count: Int?)
    /// A change to the simulated clock.
    case clock(ClockChange)
}

/// Why a control request was refused before it reached a device.
package enum DashboardRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request is malformed; the text says which field and what it takes.
    case invalid(String)

    /// The reason, to show beside the control.
    package var description: String {
        switch self {
        case .invalid(let text): return text
        }
    }
}

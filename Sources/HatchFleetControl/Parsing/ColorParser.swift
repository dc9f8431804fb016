import HatchDeviceModel

/// Parses a colour: `#RRGGBB`, `RRGGBB`, or a name (red, orange, yellow, green, blue, purple, pink, warm, white).
package enum ColorParser {
    /// Channels on the 0…65535 scale.
    package struct Channels: Equatable, Sendable {
        package var r: Int, g: Int, b: Int, w: Int
    }

    private static let names: [String: Channels] = [
        "red": Channels(r: 65535, g: 0, b: 0, w: 0),
        "orange": Channels(r: 65535, g: 26000, b: 0, w: 0),
        "yellow": Channels(r: 65535, g: 52000, b: 0, w: 0),
        "green": Channels(r: 0, g: 65535, b: 0, w: 0),
        "blue": Channels(r: 0, g: 0, b: 65535, w: 0),
        "purple": Channels(r: 32000, g: 0, b: 65535, w: 0),
        "pink": Channels(r: 65535, g: 20000, b: 40000, w: 0),
        "warm": Channels(r: 65535, g: 32000, b: 8000, w: 20000),
        "white": Channels(r: 0, g: 0, b: 0, w: 65535),
    ]

    /// The channels `text` names; a typed error lists what is accepted.
    package static func parse(_ text: String) throws(FleetControlError) -> Channels {
        let lowered = text.lowercased()
        if let named = names[lowered] { return named }
        let hex = lowered.hasPrefix("#") ? String(lowered.dropFirst()) : lowered
        guard hex.count == 6, let value = Int(hex, radix: 16) else {
            throw .invalidArgument("'\(text)' is not a colour; write #RRGGBB or one of: \(names.keys.sorted().joined(separator: ", ")).")
        }
        let scale = { (byte: Int) in byte * 65535 / 255 }
        return Channels(r: scale(value >> 16 & 0xFF), g: scale(value >> 8 & 0xFF), b: scale(value & 0xFF), w: 0)
    }
}

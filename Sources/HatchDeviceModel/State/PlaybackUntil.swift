/// How a colour or sound ends (`current.color.until`, `current.sound.until`). The firmware writes
/// `"indefinite"` (it plays until something else is chosen) or `"duration"` (it stops `duration`
/// seconds after it started); the vendor's client sends both (`hatch-rest-api`, `set_sound`).
public enum PlaybackUntil: String, Sendable, Hashable, Codable, CaseIterable {
    /// Plays until changed.
    case indefinite
    /// Stops after `duration` seconds.
    case duration

    /// Reads the wire text; an unknown mode is taken as ``indefinite``, as the firmware does.
    public init(wire text: String?) {
        self = text.flatMap(PlaybackUntil.init(rawValue:)) ?? .indefinite
    }

    /// Decodes leniently (see ``init(wire:)``).
    public init(from decoder: any Decoder) throws {
        self.init(wire: try? decoder.singleValueContainer().decode(String.self))
    }
}

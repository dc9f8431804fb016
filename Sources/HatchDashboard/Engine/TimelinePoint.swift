/// One moment of a device's timeline: what its light, sound and connection were from `t` on.
/// Sixteen bytes, so a ring of ``DeviceTimeline/capacity`` of them per device stays small at 10,000.
package struct TimelinePoint: Sendable, Hashable, Codable {
    /// Unix seconds: simulated time beside a simulated fleet, real time otherwise.
    package var t: Int64
    /// The light's colour, 0…255 a channel (0 when off).
    package var r: UInt8, g: UInt8, b: UInt8
    /// The light's brightness in percent (0 when off).
    package var brightness: UInt8
    /// The volume in percent.
    package var volume: UInt8
    /// Whether the device was online.
    package var online: Bool
    /// What played, as an index into the timeline's names (``DeviceTimeline/names``).
    package var playing: UInt8

    /// A point.
    package init(t: Int64, r: UInt8, g: UInt8, b: UInt8, brightness: UInt8, volume: UInt8, online: Bool, playing: UInt8) {
        self.t = t
        self.r = r
        self.g = g
        self.b = b
        self.brightness = brightness
        self.volume = volume
        self.online = online
        self.playing = playing
    }

    /// Whether `other` shows the same thing (only the time differs).
    func sameState(as other: TimelinePoint) -> Bool {
        r == other.r && g == other.g && b == other.b && brightness == other.brightness && volume == other.volume && online == other.online
            && playing == other.playing
    }
}

/// One sample of the whole fleet for the page's fleet timeline.
package struct FleetTimelinePoint: Sendable, Hashable, Codable {
    /// Unix seconds: simulated time beside a simulated fleet, real time otherwise.
    package var t: Int64
    /// Devices online.
    package var online: Int
    /// Devices with the light on.
    package var lit: Int
    /// Devices playing something.
    package var playing: Int
    /// MQTT messages the dashboard saw per real second since the sample before.
    package var messagesPerSecond: Double

    /// A sample.
    package init(t: Int64, online: Int, lit: Int, playing: Int, messagesPerSecond: Double) {
        self.t = t
        self.online = online
        self.lit = lit
        self.playing = playing
        self.messagesPerSecond = messagesPerSecond
    }
}

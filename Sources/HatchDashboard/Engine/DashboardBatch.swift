/// What the page receives on its live stream: the cards that changed since the last batch (all of
/// them in the first), the newest log messages, and the simulated clock when there is one.
package struct DashboardBatch: Sendable, Hashable, Codable {
    /// `true` for the first batch of a stream: `cards` holds every device, in display order.
    package var full: Bool
    /// The changed cards.
    package var cards: [DeviceCard]
    /// The newest log messages (at most ``DashboardEngine/logBatchLimit``).
    package var log: [MessageLogEntry]
    /// The simulated clock, when the dashboard runs beside a simulated fleet.
    package var simulation: SimulationStatus?
    /// Sound catalogues by product raw value (first batch only), for the sound control.
    package var sounds: [String: [DeviceCard.SoundChoice]]? = nil
    /// The stream's id (first batch only), for setting its log filter (`POST /api/log-filter`).
    package var subscriber: UInt64? = nil

    /// Creates what the page receives on its live stream.
    package init(
        full: Bool,
        cards: [DeviceCard],
        log: [MessageLogEntry],
        simulation: SimulationStatus?,
        sounds: [String: [DeviceCard.SoundChoice]]? = nil
    ) {
        self.full = full
        self.cards = cards
        self.log = log
        self.simulation = simulation
        self.sounds = sounds
    }

    /// Whether there is nothing to send.
    package var isEmpty: Bool { !full && cards.isEmpty && log.isEmpty }
}

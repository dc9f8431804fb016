import Foundation
import HatchDeviceModel

/// Combines the broker link and the device's presence record into one ``IoTDeviceConnectionState``.
/// Pure value logic, tested without a broker.
struct ConnectionStateTracker: Sendable {
    private(set) var linkUp = false
    private(set) var presence: IoTDeviceConnectionState?

    /// The combined state: unknown while the link is down or no presence record was seen.
    var state: IoTDeviceConnectionState {
        guard linkUp, let presence else { return .unknown }
        return presence
    }

    /// Records the broker link's state. A lost link forgets the presence record: what the broker holds
    /// after it comes back (possibly a restarted broker without the old retained record, or the device
    /// gone meanwhile) arrives again with the re-subscription, and until then the state is unknown.
    mutating func link(connected: Bool) {
        linkUp = connected
        if !connected { presence = nil }
    }

    /// Records a presence message. `receivedAt` stands in for a missing timestamp when the message is
    /// live (not a retained replay), because then it just happened. Malformed payloads are ignored;
    /// an empty payload (a cleared retained record) means no record.
    mutating func presence(payload: Data, retained: Bool, receivedAt: Date) {
        if payload.isEmpty {
            presence = nil
            return
        }
        guard let record = try? JSONDecoder().decode(PresenceRecord.self, from: payload) else { return }
        var since = record.timestamp.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? (retained ? nil : receivedAt)
        // A retained replay (another subscribe on the same filter re-sends it) of the state we already
        // hold keeps the moment we saw that state begin.
        if retained, record.timestamp == nil, let presence, presence.name == record.state.rawValue {
            since = presence.since ?? since
        }
        switch record.state {
        case .online: presence = .online(since: since)
        case .offline: presence = .offline(since: since, reason: record.reason)
        }
    }
}

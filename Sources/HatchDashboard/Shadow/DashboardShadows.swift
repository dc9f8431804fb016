import Foundation
import HatchDeviceModel
import Synchronization

/// The shadows of the devices whose panel a page has open, kept live from the broker's replies on
/// the log's subscription (`get/accepted`, `update/documents`). Only the ``capacity`` devices
/// watched most recently are kept, so memory stays flat however large the fleet.
package final class DashboardShadows: Sendable {
    /// The most devices whose shadow is kept.
    package static let capacity = 32

    private struct Watched {
        var panel: ShadowPanel?
        var lastWatched: UInt64
    }

    private struct State {
        var watched: [String: Watched] = [:]
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())

    /// An empty store.
    package init() {}

    /// Marks `thing` watched (forgetting the least recently watched device when full) and returns
    /// what is known of its shadow, `nil` before the first reply.
    @discardableResult
    package func watch(_ thing: String) -> ShadowPanel? {
        state.withLock { state in
            state.clock += 1
            if state.watched[thing] == nil, state.watched.count >= Self.capacity,
               let oldest = state.watched.min(by: { $0.value.lastWatched < $1.value.lastWatched })?.key {
                state.watched.removeValue(forKey: oldest)
            }
            state.watched[thing, default: Watched(panel: nil, lastWatched: 0)].lastWatched = state.clock
            return state.watched[thing]?.panel
        }
    }

    /// The number of devices watched now.
    package var watchedCount: Int { state.withLock { $0.watched.count } }

    /// Reads one message of the log's subscription; a shadow reply of a watched device updates its panel.
    package func observe(topic: String, payload: Data) {
        guard topic.hasPrefix("$aws/things/"), topic.hasSuffix("/shadow/get/accepted") || topic.hasSuffix("/shadow/update/documents") else { return }
        let thing = String(topic.dropFirst("$aws/things/".count).prefix { $0 != "/" })
        guard state.withLock({ $0.watched[thing] != nil }) else { return }
        guard let document = try? JSONValue(data: payload) else { return }
        let panel: ShadowPanel?
        if topic.hasSuffix("/documents") {
            let fields = document.objectValue
            panel = fields?["current"].flatMap {
                ShadowPanel(thing: thing, document: $0, previous: fields?["previous"], timestamp: fields?["timestamp"]?.intValue)
            }
        } else {
            panel = ShadowPanel(thing: thing, document: document)
        }
        guard let panel else { return }
        state.withLock { state in
            guard let known = state.watched[thing] else { return }
            // Replies may pass each other; a document never goes back to an older version.
            if let shown = known.panel, shown.version > panel.version { return }
            var next = panel
            if let shown = known.panel, shown.version == panel.version, panel.updated.isEmpty { next.updated = shown.updated }
            state.watched[thing]?.panel = next
        }
    }
}

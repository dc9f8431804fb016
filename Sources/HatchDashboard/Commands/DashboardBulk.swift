import Synchronization

/// Sends one action to many devices — a saved command applied to every device a search matched —
/// a bounded number at a time, and keeps each run's tally for the page to poll.
package final class DashboardBulk: Sendable {
    /// Devices asked at once.
    package static let concurrency = 64
    /// Runs whose tally is kept.
    package static let kept = 16

    private struct State {
        var next = 0
        var tallies: [Int: BulkTally] = [:]
    }

    private let state = Mutex(State())

    /// No runs yet.
    package init() {}

    /// Starts sending `action` to `devices` and returns the tally before the first answer; the
    /// devices the engine knows offline are counted offline without a request.
    package func start(name: String, action: DashboardDeviceAction, devices: [DashboardDevice], engine: DashboardEngine,
                       perform: @escaping @Sendable (DashboardDeviceAction, DashboardDevice) async -> DashboardReply) -> BulkTally {
        let tally = state.withLock { state -> BulkTally in
            state.next += 1
            let tally = BulkTally(id: state.next, name: name, total: devices.count)
            state.tallies[tally.id] = tally
            if state.tallies.count > Self.kept, let oldest = state.tallies.keys.min() { state.tallies.removeValue(forKey: oldest) }
            return tally
        }
        let id = tally.id
        Task {
            await withTaskGroup(of: DashboardReply.self) { group in
                var queued = devices[...]
                func next() -> Bool {
                    guard let device = queued.popFirst() else { return false }
                    group.addTask {
                        if case .offline = engine.connection(of: device.thingName) {
                            return .failed("\(device.name) is offline.", .offline)
                        }
                        return await perform(action, device)
                    }
                    return true
                }
                for _ in 0..<Self.concurrency where next() {}
                for await reply in group {
                    state.withLock { $0.tallies[id]?.count(reply) }
                    _ = next()
                }
            }
            state.withLock { $0.tallies[id]?.finished = true }
        }
        return tally
    }

    /// The tally of run `id`, while it is kept.
    package func tally(_ id: Int) -> BulkTally? {
        state.withLock { $0.tallies[id] }
    }
}

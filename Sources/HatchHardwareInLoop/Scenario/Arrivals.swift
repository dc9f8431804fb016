import Synchronization

/// Everything a stream emits, kept in order, with waits that wake when something arrives rather than
/// polling: what ``StateLog`` and ``ConnectionLog`` share. A wait's real-time deadline is only the last
/// guard against a device that never answers.
final class Arrivals<Element: Sendable>: Sendable {
    private struct State {
        var items: [Element] = []
        var ended = false
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())
    private let consumer = Mutex<Task<Void, Never>?>(nil)

    /// Starts consuming `stream`.
    init(_ stream: AsyncStream<Element>) {
        let task = Task { [weak self] in
            for await item in stream { self?.update { $0.items.append(item) } }
            self?.update { $0.ended = true }
        }
        consumer.withLock { $0 = task }
    }

    deinit { consumer.withLock { $0?.cancel() } }

    /// Stops consuming.
    func stop() { consumer.withLock { $0?.cancel() } }

    /// How many items arrived so far.
    var count: Int { state.withLock { $0.items.count } }

    /// The items from index `start` on.
    func items(from start: Int = 0) -> [Element] {
        state.withLock { Array($0.items[min(start, $0.items.count)...]) }
    }

    /// The first item at or after `start` for which `condition` holds, waiting for new arrivals until
    /// `deadline`; `nil` once the deadline passed (or the stream ended) without one.
    func first(from start: Int, until deadline: ContinuousClock.Instant,
               where condition: (Element) -> Bool) async -> (index: Int, item: Element)? {
        var checked = start
        while true {
            let snapshot = items(from: checked)
            if let offset = snapshot.firstIndex(where: condition) { return (checked + offset, snapshot[offset]) }
            checked += snapshot.count
            guard ContinuousClock.now < deadline, await waitForMore(than: checked, until: deadline) else { return nil }
        }
    }

    /// Waits until more than `count` items arrived (`true`), or until `deadline` or the stream's end (`false`).
    private func waitForMore(than count: Int, until deadline: ContinuousClock.Instant) async -> Bool {
        let id = state.withLock { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let timer = Task { [weak self] in
            // Cancelled once the wait ended by an arrival: nothing to wake then.
            guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else { return }
            self?.wake(id)
        }
        defer { timer.cancel() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiting = state.withLock { state -> Bool in
                guard state.items.count <= count, !state.ended else { return false }
                state.waiters[id] = continuation
                return true
            }
            if !waiting { continuation.resume() }
        }
        return state.withLock { $0.items.count > count }
    }

    private func update(_ change: (inout State) -> Void) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            change(&state)
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        woken.forEach { $0.resume() }
    }

    private func wake(_ id: UInt64) {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
}

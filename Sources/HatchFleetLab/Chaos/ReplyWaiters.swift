import Synchronization

/// Requests waiting for their reply, by `clientToken`. A reply that arrives while no attempt waits
/// (between two attempts of one command) is kept for the next one; replies to tokens nobody
/// expects are dropped.
package final class ReplyWaiters: Sendable {
    private struct State {
        var waiting: [String: CheckedContinuation<ChaosReply?, Never>] = [:]
        var expected: Set<String> = []
        var early: [String: ChaosReply] = [:]
    }

    private let state = Mutex(State())

    /// Starts expecting replies to `token`.
    package func expect(_ token: String) {
        state.withLock { _ = $0.expected.insert(token) }
    }

    /// Stops expecting replies to `token` (the command is settled).
    package func forget(_ token: String) {
        state.withLock { state in
            state.expected.remove(token)
            state.early[token] = nil
        }
    }

    /// Calls `send`, then waits up to `timeout` for the reply to `token`; nil when none came.
    package func wait(for token: String, timeout: Duration, send: @Sendable () -> Void) async -> ChaosReply? {
        let timer = Mutex<Task<Void, Never>?>(nil)
        defer { timer.withLock { $0?.cancel() } }
        return await withCheckedContinuation { continuation in
            let early = state.withLock { state -> ChaosReply? in
                if let reply = state.early.removeValue(forKey: token) { return reply }
                state.waiting[token] = continuation
                return nil
            }
            if let early { return continuation.resume(returning: early) }
            // Armed only once the waiter is registered, so a timeout can never be missed.
            timer.withLock { $0 = Task { [self] in
                do { try await Task.sleep(for: timeout) } catch { return }
                resolve(token, with: nil)
            } }
            send()
        }
    }

    /// Hands a reply (or nil: the attempt timed out) to whoever waits for `token`.
    package func resolve(_ token: String, with reply: ChaosReply?) {
        let waiter = state.withLock { state -> CheckedContinuation<ChaosReply?, Never>? in
            if let waiter = state.waiting.removeValue(forKey: token) { return waiter }
            if let reply, state.expected.contains(token) { state.early[token] = reply }
            return nil
        }
        waiter?.resume(returning: reply)
    }
}

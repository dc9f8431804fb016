import Synchronization

/// Requests waiting for their reply, matched by `clientToken`: the one place a tool pairs a shadow
/// reply with the request that caused it. A reply that arrives while no attempt waits (before the
/// first wait, or between two attempts of one request) is kept for the next wait as long as its
/// token is expected; replies to tokens nobody expects are dropped.
package final class ClientTokenReplies<Reply: Sendable>: Sendable {
    private struct State {
        var waiting: [String: CheckedContinuation<Reply?, Never>] = [:]
        var expected: Set<String> = []
        var early: [String: Reply] = [:]
    }

    private let state = Mutex(State())

    package init() {}

    /// Starts expecting replies to `token`, so one that arrives before the wait is kept.
    package func expect(_ token: String) {
        state.withLock { _ = $0.expected.insert(token) }
    }

    /// Stops expecting replies to `token` (the request is settled).
    package func forget(_ token: String) {
        state.withLock { state in
            state.expected.remove(token)
            state.early[token] = nil
        }
    }

    /// Calls `send`, then waits up to `timeout` for the reply to `token`; nil when none came or the
    /// waiting task was cancelled.
    package func wait(for token: String, timeout: Duration, send: @Sendable () -> Void = {}) async -> Reply? {
        let timer = Mutex<Task<Void, Never>?>(nil)
        defer { timer.withLock { $0?.cancel() } }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let early = state.withLock { state -> Reply? in
                    if let reply = state.early.removeValue(forKey: token) { return reply }
                    state.waiting[token] = continuation
                    return nil
                }
                if let early { return continuation.resume(returning: early) }
                // Checked once the waiter is registered, so a cancellation can never be missed.
                if Task.isCancelled { return resolve(token, with: nil) }
                timer.withLock { $0 = Task { [self] in
                    do { try await Task.sleep(for: timeout) } catch { return }
                    resolve(token, with: nil)
                } }
                send()
            }
        } onCancel: {
            resolve(token, with: nil)
        }
    }

    /// Hands a reply (or nil: the attempt timed out) to whoever waits for `token`.
    package func resolve(_ token: String, with reply: Reply?) {
        let waiter = state.withLock { state -> CheckedContinuation<Reply?, Never>? in
            if let waiter = state.waiting.removeValue(forKey: token) { return waiter }
            if let reply, state.expected.contains(token) { state.early[token] = reply }
            return nil
        }
        waiter?.resume(returning: reply)
    }
}

import Foundation
import HatchMQTT
import Synchronization

/// Keeps every message of a subscription as it arrives, so a test can look at them and wait for one
/// without ever cancelling a read (which would end the subscription's stream).
final class MessageCollector: Sendable {
    /// The messages, shared with the reading task, and the waiters the next message wakes.
    private final class Inbox: Sendable {
        struct State {
            var messages: [MQTTMessage] = []
            var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
            /// Waiters woken (deadline or cancellation) before they were registered.
            var woken: Set<UInt64> = []
            var nextWaiter: UInt64 = 0
        }

        let state = Mutex(State())

        func append(_ message: MQTTMessage) {
            let waiters = state.withLock { state in
                state.messages.append(message)
                defer { state.waiters = [:] }
                return Array(state.waiters.values)
            }
            for waiter in waiters { waiter.resume() }
        }

        func wake(_ id: UInt64) {
            let waiter = state.withLock { state in
                guard let waiter = state.waiters.removeValue(forKey: id) else {
                    state.woken.insert(id)
                    return nil as CheckedContinuation<Void, Never>?
                }
                return waiter
            }
            waiter?.resume()
        }

        /// Returns once more than `count` messages have arrived, at `deadline`, or when the task is cancelled.
        func nextMessage(after count: Int, until deadline: ContinuousClock.Instant) async {
            let id = state.withLock { state in
                state.nextWaiter += 1
                return state.nextWaiter
            }
            let timer = Task { [self] in
                try? await Task.sleep(until: deadline, clock: .continuous)
                wake(id)
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let ready = state.withLock { state in
                        if state.messages.count > count || state.woken.remove(id) != nil { return true }
                        state.waiters[id] = continuation
                        return false
                    }
                    if ready { continuation.resume() }
                }
            } onCancel: {
                wake(id)
            }
            timer.cancel()
            state.withLock { _ = $0.woken.remove(id) }
        }
    }

    private let inbox = Inbox()
    private let reader: Task<Void, Never>

    init(_ subscription: MQTTSubscription) {
        let inbox = self.inbox
        reader = Task {
            for await message in subscription { inbox.append(message) }
        }
    }

    deinit { reader.cancel() }

    /// The messages so far.
    var messages: [MQTTMessage] { inbox.state.withLock { $0.messages } }

    /// The first message that satisfies `predicate`, waiting up to `limit` (woken by each message
    /// that arrives); `nil` if none arrived.
    func first(within limit: Duration, where predicate: (MQTTMessage) -> Bool = { _ in true }) async -> MQTTMessage? {
        let deadline = ContinuousClock.now + limit
        var checked = 0
        while true {
            let messages = self.messages
            if let match = messages[checked...].first(where: predicate) { return match }
            checked = messages.count
            if ContinuousClock.now >= deadline || Task.isCancelled { return nil }
            await inbox.nextMessage(after: checked, until: deadline)
        }
    }
}

import Foundation
import HatchMQTT
import Synchronization

/// Keeps every message of a subscription as it arrives, so a test can look at them and wait for one
/// without ever cancelling a read (which would end the subscription's stream).
final class MessageCollector: Sendable {
    /// The messages, shared with the reading task.
    private final class Inbox: Sendable {
        let messages = Mutex<[MQTTMessage]>([])
    }

    private let inbox = Inbox()
    private let reader: Task<Void, Never>

    init(_ subscription: MQTTSubscription) {
        let inbox = self.inbox
        reader = Task {
            for await message in subscription { inbox.messages.withLock { $0.append(message) } }
        }
    }

    deinit { reader.cancel() }

    /// The messages so far.
    var messages: [MQTTMessage] { inbox.messages.withLock { $0 } }

    /// The first message that satisfies `predicate`, waiting up to `limit`; `nil` if none arrived.
    func first(within limit: Duration, where predicate: (MQTTMessage) -> Bool = { _ in true }) async -> MQTTMessage? {
        let deadline = ContinuousClock.now + limit
        while true {
            if let match = messages.first(where: predicate) { return match }
            if ContinuousClock.now >= deadline { return nil }
            do { try await Task.sleep(for: .milliseconds(20)) } catch { return nil }
        }
    }
}

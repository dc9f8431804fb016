import Foundation
import HatchMQTT
import Synchronization

/// Keeps every message of a subscription as it arrives, so a test can look at them and wait for one
/// without ever cancelling a read (which would end the subscription's stream).
final class MessageCollector: Sendable {
    private let received = Mutex<[MQTTMessage]>([])
    private let reader: Task<Void, Never>

    init(_ subscription: MQTTSubscription) {
        let received = self.received
        reader = Task {
            for await message in subscription { received.withLock { $0.append(message) } }
        }
    }

    deinit { reader.cancel() }

    /// The messages so far.
    var messages: [MQTTMessage] { received.withLock { $0 } }

    /// The first message that satisfies `predicate`, waiting up to `limit`; `nil` if none arrived.
    func first(within limit: Duration, where predicate: (MQTTMessage) -> Bool = { _ in true }) async -> MQTTMessage? {
        let deadline = ContinuousClock.now + limit
        while true {
            if let match = messages.first(where: predicate) { return match }
            if ContinuousClock.now >= deadline { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}

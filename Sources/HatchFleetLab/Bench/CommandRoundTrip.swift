import Foundation
import HatchDeviceModel
import HatchFleetProbes
import HatchMQTT
import Synchronization

/// Sends volume commands as shadow `desired` updates at a fixed rate and times, per command, the
/// `/update/accepted` that echoes its `clientToken` (desired accepted) and the accepted report that
/// carries the new value (the device applied it).
package enum CommandRoundTrip {
    /// Percentiles of one round trip, in milliseconds.
    package struct Result: Codable, Sendable {
        package var commands = 0
        package var completed = 0
        package var timedOut = 0
        package var acceptedP50Milliseconds = 0.0
        package var acceptedP99Milliseconds = 0.0
        package var reportedP50Milliseconds = 0.0
        package var reportedP99Milliseconds = 0.0
    }

    /// A command whose report is awaited: the value it sets and when it was sent.
    private struct Pending {
        var sent: ContinuousClock.Instant
        var value: Int
    }

    private struct Times {
        var pending: [String: Pending] = [:]
        var accepted: [Duration] = []
        var reported: [Duration] = []
    }

    /// The round trip's times, shared by the sender, the listener and the acceptance waiters.
    private final class Book: Sendable {
        private let times = Mutex(Times())

        func withLock<T>(_ body: (inout Times) -> T) -> T {
            times.withLock { body(&$0) }
        }
    }

    package static func measure(broker: MQTTBrokerURL, things: [ThingName], rate: Int, seconds: Double) async throws -> Result {
        let session = MQTTSession(configuration: MQTTConfiguration(broker: broker, clientID: "bench-round-trip"))
        try await session.connect()
        let book = Book()
        let acceptances = ClientTokenReplies<ContinuousClock.Instant>()
        let replies = try await session.subscribe("$aws/things/+/shadow/update/accepted", qos: .atMostOnce)
        let listener = Task {
            for await message in replies {
                let now = ContinuousClock.now
                let thing = message.topic.split(separator: "/").dropFirst(2).first.map(String.init) ?? ""
                guard let reply = ShadowReply(topic: message.topic, payload: message.payload) else { continue }
                if let token = reply.clientToken { acceptances.resolve(token, with: now) }
                guard let value = reply.body[path: ["state", "reported", "current", "sound", "v"]]?.intValue else { continue }
                book.withLock { book in
                    guard let pending = book.pending[thing], pending.value == value else { return }
                    book.reported.append(pending.sent.duration(to: now))
                    book.pending[thing] = nil
                }
            }
        }
        var result = Result()
        let interval = Duration.seconds(1) / rate
        let total = Int(Double(rate) * seconds)
        var next = ContinuousClock.now
        try await withThrowingDiscardingTaskGroup { group in
            for index in 0..<total {
                let thing = things[index % things.count]
                let value = 1_000 + (index * 7_919) % 60_000
                let token = "bench-\(index)"
                let sent = ContinuousClock.now
                let busy = book.withLock { book -> Bool in
                    if book.pending[thing.rawValue] != nil { return true }
                    book.pending[thing.rawValue] = Pending(sent: sent, value: value)
                    return false
                }
                if !busy {
                    acceptances.expect(token)
                    let payload = JSONValue.object([
                        "state": .object(["desired": .object(["current": .object(["sound": .object(["v": .int(value)])])])]),
                        "clientToken": .string(token),
                    ]).jsonData
                    try await session.publish(Topics.Shadow(thing).update, payload: payload, qos: .atMostOnce)
                    result.commands += 1
                    group.addTask {
                        defer { acceptances.forget(token) }
                        guard let at = await acceptances.wait(for: token, timeout: .seconds(2)) else { return }
                        book.withLock { $0.accepted.append(sent.duration(to: at)) }
                    }
                }
                next += interval
                try await Task.sleep(until: next, clock: .continuous)
            }
        }
        try await Task.sleep(for: .seconds(2))
        listener.cancel()
        await session.disconnect()
        let final = book.withLock { $0 }
        result.completed = final.reported.count
        result.timedOut = final.pending.count
        result.acceptedP50Milliseconds = percentile(final.accepted, 0.50)
        result.acceptedP99Milliseconds = percentile(final.accepted, 0.99)
        result.reportedP50Milliseconds = percentile(final.reported, 0.50)
        result.reportedP99Milliseconds = percentile(final.reported, 0.99)
        return result
    }

    private static func percentile(_ durations: [Duration], _ fraction: Double) -> Double {
        guard !durations.isEmpty else { return 0 }
        let sorted = durations.sorted()
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
        return (sorted[index].seconds * 1_000_000).rounded() / 1_000
    }
}

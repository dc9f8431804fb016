import Foundation
import HatchDeviceModel
import HatchMQTT
import Synchronization

/// Follows every device's retained presence record (`online`, or `offline` as its clean goodbye or
/// its last will) as the broker publishes it, with the time each change arrived.
package final class PresenceWatcher: Sendable {
    package struct Seen: Sendable {
        package var online: Bool
        /// When the record arrived.
        package var at: ContinuousClock.Instant
        /// Published while we were subscribed (not a retained copy from before).
        package var live: Bool
    }

    private let session: MQTTSession
    private let seen = Mutex<[String: Seen]>([:])
    private let listener = Mutex<Task<Void, Never>?>(nil)

    package init(broker: MQTTBrokerURL, run: String, keepAlive: Duration, credentials: MQTTCredentials? = nil, tls: MQTTTLSConfiguration? = nil) {
        session = MQTTSession(configuration: MQTTConfiguration(
            broker: broker, clientID: "hatch-chaos-presence-\(run)", keepAlive: keepAlive, credentials: credentials, tls: tls,
            reconnect: MQTTReconnectPolicy(initialDelay: .milliseconds(100), maximumDelay: .seconds(1)), connectTimeout: keepAlive))
    }

    package func start() async throws {
        try await session.connect()
        let presence = try await session.subscribe(Topics.presenceAll, qos: .atLeastOnce)
        listener.withLock { $0 = Task { [weak self] in
            for await message in presence {
                guard let body = try? JSONValue(data: message.payload), let thing = body["thingName"]?.stringValue,
                      let state = body["state"]?.stringValue else { continue }
                let record = Seen(online: state == PresenceState.online.rawValue, at: .now, live: !message.retain)
                self?.seen.withLock { $0[thing] = record }
            }
        } }
    }

    package func stop() async {
        listener.withLock { $0?.cancel() }
        await session.disconnect()
    }

    /// Waits until every one of `things` was published `online` (or `offline`) after `since`; returns
    /// each device's delay from `since`, or nil for those still not there at the `timeout`.
    package func waitUntil(online: Bool, things: [ThingName], since: ContinuousClock.Instant, timeout: Duration) async -> [String: Duration?] {
        let end = ContinuousClock.now + timeout
        while true {
            let snapshot = seen.withLock { $0 }
            var result: [String: Duration?] = [:]
            var missing = 0
            for thing in things {
                if let record = snapshot[thing.rawValue], record.online == online, record.live, record.at >= since {
                    result[thing.rawValue] = record.at - since
                } else {
                    result[thing.rawValue] = .some(nil)
                    missing += 1
                }
            }
            if missing == 0 || ContinuousClock.now >= end { return result }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// How many of `things` the last record shows online.
    package func onlineCount(_ things: [ThingName]) -> Int {
        let snapshot = seen.withLock { $0 }
        return things.filter { snapshot[$0.rawValue]?.online == true }.count
    }

    /// The devices whose last record says offline (or that have none).
    package func notOnline(_ things: [ThingName]) -> [String] {
        let snapshot = seen.withLock { $0 }
        return things.map(\.rawValue).filter { snapshot[$0]?.online != true }
    }
}

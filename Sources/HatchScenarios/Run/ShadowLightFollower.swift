import Foundation
import HatchDeviceModel
import HatchMQTT
import Synchronization

/// Follows the brightness devices in other processes report, from their shadows' `update/accepted`
/// (each report's changed fields only, so small to read), for the devices it is told to follow: how the sampler checks that a sunrise on a shard process only
/// rises, as it reads an in-process device's state directly.
final class ShadowLightFollower: Sendable {
    private let session: MQTTSession
    /// The devices followed, with the last brightness each reported (`nil` until it reports one).
    private let levels = Mutex<[String: Int?]>([:])
    private let listener = Mutex<Task<Void, Never>?>(nil)

    init(broker: MQTTBrokerURL, run: String, keepAlive: Duration, credentials: MQTTCredentials?, tls: MQTTTLSConfiguration?) {
        session = MQTTSession(configuration: MQTTConfiguration(
            broker: broker, clientID: "hatch-scenario-light-\(run)", keepAlive: keepAlive, credentials: credentials, tls: tls,
            reconnect: MQTTReconnectPolicy(initialDelay: .milliseconds(100), maximumDelay: .seconds(2))))
    }

    func start() async throws {
        try await session.connect()
        let documents = try await session.subscribe("$aws/things/+/shadow/update/accepted", qos: .atMostOnce)
        listener.withLock { $0 = Task { [weak self] in
            for await message in documents {
                guard let self else { return }
                let levels_ = message.topic.split(separator: "/", maxSplits: 3)
                guard levels_.count > 2 else { continue }
                let thing = String(levels_[2])
                guard levels.withLock({ $0.keys.contains(thing) }),
                      let body = try? JSONValue(data: message.payload),
                      let level = body[path: ["state", "reported", "current", "color", "i"]]?.intValue else { continue }
                levels.withLock { if $0.keys.contains(thing) { $0[thing] = level } }
            }
        } }
    }

    /// Starts following `thing`, or stops (`false`).
    func follow(_ thing: String, _ following: Bool) {
        levels.withLock { levels in
            if following { levels[thing] = .some(nil) } else { levels[thing] = nil as Int?? }
        }
    }

    /// The brightness `thing` last reported since it is followed.
    func level(_ thing: String) -> Int? {
        levels.withLock { $0[thing] ?? nil }
    }

    func stop() async {
        listener.withLock { $0 }?.cancel()
        await session.disconnect()
    }
}

import Foundation
import HatchMQTT
import Synchronization

/// Measures the average payload size on a topic filter for a moment, so the raw baseline publishes
/// messages as large as the fleet's.
enum PayloadSizeProbe {
    static func averageBytes(broker: MQTTBrokerURL, filter: String, seconds: Double = 1) async -> Int {
        let session = MQTTSession(configuration: MQTTConfiguration(broker: broker, clientID: "bench-probe"))
        let sizes = Mutex((count: 0, bytes: 0))
        do {
            try await session.connect()
            let messages = try await session.subscribe(filter, qos: .atMostOnce)
            let reader = Task {
                for await message in messages {
                    sizes.withLock { $0 = ($0.count + 1, $0.bytes + message.payload.count) }
                }
            }
            try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            reader.cancel()
            await session.disconnect()
        } catch {
            await session.disconnect()
        }
        let sample = sizes.withLock { $0 }
        return sample.count == 0 ? 256 : sample.bytes / sample.count
    }
}

import Foundation

/// A QoS ≥ 1 publish waiting to be sent (offline queue) or acknowledged (in flight).
struct PendingPublish {
    let token: UInt64
    let topic: String
    let payload: Data
    let qos: MQTTQoS
    let retain: Bool
    let continuation: CheckedContinuation<Void, any Error>
}

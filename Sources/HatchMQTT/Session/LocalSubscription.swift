/// Everything subscribed to one filter in one session: the QoS asked of the broker, the message
/// streams (or handlers) of each `subscribe` call, and the calls still waiting for their SUBACK.
struct LocalSubscription {
    var qos: MQTTQoS
    var streams = TokenTable<MessageSink>()
    var waiters = TokenTable<CheckedContinuation<MQTTQoS, any Error>>()

    /// Ends every stream and handler and fails every waiter.
    func finish(failing error: any Error) {
        streams.forEach { $0.finish() }
        waiters.forEach { $0.resume(throwing: error) }
    }
}

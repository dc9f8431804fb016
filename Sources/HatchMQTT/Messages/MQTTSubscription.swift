/// The messages matching one subscribe call's filter, as an `AsyncSequence`.
///
/// It ends when ``MQTTSession/unsubscribe(_:)`` is called for its filter or the session disconnects
/// cleanly; it survives automatic reconnects (the session subscribes again). Stop iterating (or drop
/// the value) to stop receiving; the broker subscription stays until `unsubscribe`.
/// Messages are buffered without limit until they are consumed.
public struct MQTTSubscription: AsyncSequence, Sendable {
    public typealias Element = MQTTMessage
    public typealias Failure = Never

    /// The topic filter, possibly with `+` and `#` wildcards.
    public let filter: String
    /// The QoS the broker granted.
    public let grantedQoS: MQTTQoS
    let messages: AsyncStream<MQTTMessage>

    /// Creates a subscription over the messages the session routes to `filter`.
    init(filter: String, grantedQoS: MQTTQoS, messages: AsyncStream<MQTTMessage>) {
        self.filter = filter
        self.grantedQoS = grantedQoS
        self.messages = messages
    }

    /// Returns an iterator over the messages.
    public func makeAsyncIterator() -> AsyncStream<MQTTMessage>.Iterator {
        messages.makeAsyncIterator()
    }
}

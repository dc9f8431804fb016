import Synchronization

/// Where the messages of one subscriber go: the stream of an ``MQTTSubscription``, or a handler
/// the event loop calls (``MQTTSession/prepareSubscription(filters:qos:handler:)``).
enum MessageSink: Sendable {
    case stream(AsyncStream<MQTTMessage>.Continuation)
    case handler(MessageHandler)

    /// Hands over a message.
    func yield(_ message: MQTTMessage) {
        switch self {
        case .stream(let continuation): continuation.yield(message)
        case .handler(let handler): handler.deliver(message)
        }
    }

    /// Ends the subscriber: its stream finishes, its handler is told once.
    func finish() {
        switch self {
        case .stream(let continuation): continuation.finish()
        case .handler(let handler): handler.end()
        }
    }
}

/// A subscriber's handler, told of the subscription's end once however many filters it covers,
/// and given nothing after it, as a finished stream yields nothing more.
final class MessageHandler: Sendable {
    private let handler: @Sendable (MQTTMessage?) -> Void
    private let ended = Atomic<Bool>(false)

    init(_ handler: @escaping @Sendable (MQTTMessage?) -> Void) {
        self.handler = handler
    }

    func deliver(_ message: MQTTMessage) {
        if !ended.load(ordering: .acquiring) { handler(message) }
    }

    func end() {
        if !ended.exchange(true, ordering: .acquiringAndReleasing) { handler(nil) }
    }
}

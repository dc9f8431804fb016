import CMosquitto
import Foundation

/// One MQTT session to one broker, driven by an ``MQTTEventLoop`` shared with many other sessions.
///
/// All operations are `async`, `Sendable` and cancellation-aware:
/// ```swift
/// let session = MQTTSession(configuration: .init(broker: try MQTTBrokerURL("mqtt://127.0.0.1:1883"), clientID: "lamp-1"))
/// try await session.connect()
/// let commands = try await session.subscribe("lamps/1/set/#")
/// try await session.publish("lamps/1/state", payload: Data("on".utf8), qos: .atLeastOnce, retain: true)
/// for await message in commands { … }
/// await session.disconnect()
/// ```
/// After an established connection drops, the session reconnects with backoff and subscribes again;
/// QoS ≥ 1 publishes made meanwhile are queued (see ``MQTTReconnectPolicy``). Releasing the last
/// reference disconnects cleanly.
public final class MQTTSession: Sendable {
    /// The configuration the session was created with (the copy its connection keeps: one per
    /// session, which matters when a process holds 100,000 of them).
    public var configuration: MQTTConfiguration { core.configuration }
    let core: SessionCore
    /// Kept so the loop's threads outlive every session on them (and the session's final clean-up).
    private let eventLoop: MQTTEventLoop

    /// Creates a session; nothing touches the network until ``connect()``.
    public init(configuration: MQTTConfiguration, eventLoop: MQTTEventLoop = .shared) {
        self.eventLoop = eventLoop
        self.core = SessionCore(configuration: configuration, loop: eventLoop.nextLoopThread())
    }

    deinit {
        let core = self.core
        let eventLoop = self.eventLoop
        core.loop.execute {
            core.close()
            withExtendedLifetime(eventLoop) {}
        }
    }

    /// QoS 0 messages queued for the socket and not yet written (see ``MQTTConfiguration/qos0QueueLimit``).
    public var unsentQoS0Messages: Int { max(0, core.unsentQoS0.load(ordering: .relaxed)) }

    /// The current connection state.
    public var connectionState: MQTTConnectionState { core.state }

    /// A new stream of connection states, starting with the current one. It ends when the session
    /// is deallocated; stop iterating to unsubscribe from it.
    public var connectionStates: AsyncStream<MQTTConnectionState> { core.stateStream() }

    /// Connects and returns once the broker accepted the session (CONNACK 0).
    ///
    /// Throws ``MQTTError`` — for example ``MQTTError/notAuthorized(_:)`` for a wrong password or
    /// ``MQTTError/connectionRefused(host:port:)`` when no broker listens — and `CancellationError`
    /// if the task is cancelled first (the attempt is then abandoned). A failed first connect is not
    /// retried; reconnects happen only after a connection was established.
    public func connect() async throws {
        let core = self.core
        let token = core.makeToken()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled { return waiter.resume(throwing: CancellationError()) }
                core.loop.execute { core.connect(token: token, waiter) }
            }
        } onCancel: {
            core.loop.execute { core.cancelConnect(token: token) }
        }
    }

    /// Publishes `payload` to `topic`.
    ///
    /// QoS 0 returns once the message is queued for the socket (it fails with
    /// ``MQTTError/notConnected`` when there is no connection); when ``MQTTConfiguration/qos0QueueLimit``
    /// messages already wait, it first waits until half of them are written. QoS 1 and 2 return when the broker
    /// acknowledged it (PUBACK / PUBCOMP); while the session is reconnecting they wait in a queue for
    /// at most ``MQTTReconnectPolicy/queuedPublishTimeout``. Cancelling the task stops the wait; a
    /// message still queued is then never sent.
    public func publish(_ topic: String, payload: Data, qos: MQTTQoS = .atMostOnce, retain: Bool = false) async throws {
        let core = self.core
        if qos == .atMostOnce {
            if try !publishWithoutWaiting(topic, payload: payload, retain: retain) { try await core.waitForQoS0Drain() }
            return
        }
        guard TopicName.isValidTopic(topic) else { throw MQTTError.invalidTopic(topic) }
        let token = core.makeToken()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled { return waiter.resume(throwing: CancellationError()) }
                let pending = PendingPublish(token: token, topic: topic, payload: payload, qos: qos, retain: retain, continuation: waiter)
                core.loop.execute { core.publish(pending) }
            }
        } onCancel: {
            core.loop.execute { core.cancelPublish(token: token) }
        }
    }

    /// Publishes `payload` to `topic` at QoS 0 without suspending, for callers that must not leave
    /// their actor for every message (a simulated device answering a request).
    ///
    /// The message is written to the socket on the calling thread when it can be, else queued for
    /// the event loop, before this returns. Returns `false` when more than
    /// ``MQTTConfiguration/qos0QueueLimit`` messages now wait: the caller should slow down (``publish(_:payload:qos:retain:)``
    /// waits by itself). Throws like ``publish(_:payload:qos:retain:)``.
    ///
    /// - Parameters:
    ///   - topic: The topic to publish to (no wildcards).
    ///   - payload: The message's bytes.
    ///   - retain: Whether the broker keeps the message for later subscribers.
    ///   - more: Another publish follows at once: this message waits for it, and they leave in one
    ///     write and one TCP segment (a shadow service's `/accepted` and `/documents`). The last of
    ///     them must pass `false`.
    @discardableResult
    public func publishWithoutWaiting(_ topic: String, payload: Data, retain: Bool = false, more: Bool = false) throws(MQTTError) -> Bool {
        try publishWithoutWaiting(topic, payload: MQTTPayload(payload), retain: retain, more: more)
    }

    /// ``publishWithoutWaiting(_:payload:retain:more:)`` with the payload as the package's writers make it.
    package func publishWithoutWaiting(_ topic: String, payload: MQTTPayload, retain: Bool = false, more: Bool = false) throws(MQTTError) -> Bool {
        let core = self.core
        if core.queueDirectly(topic, payload: payload, retain: retain) {
            if !more { core.writeFromPublisher() }
            return core.unsentQoS0.load(ordering: .relaxed) <= configuration.qos0QueueLimit
        }
        // What earlier publishes left in the outbox (`more`) leaves first, whatever happens to this one.
        defer { core.loop.requestWrite(core) }
        // libmosquitto validates the topic itself (MOSQ_ERR_INVAL / MALFORMED_UTF8).
        let rc = payload.withUnsafeBytes { bytes in
            mosquitto_publish(core.mosq, nil, topic, Int32(clamping: bytes.count), bytes.baseAddress, 0, retain)
        }
        switch rc {
        case MOSQ_ERR_SUCCESS.rawValue:
            let unsent = core.unsentQoS0.add(1, ordering: .relaxed).newValue
            return unsent <= configuration.qos0QueueLimit
        case MOSQ_ERR_NO_CONN.rawValue:
            throw TopicName.isValidTopic(topic) ? MQTTError.notConnected : MQTTError.invalidTopic(topic)
        case MOSQ_ERR_INVAL.rawValue, MOSQ_ERR_MALFORMED_UTF8.rawValue:
            throw MQTTError.invalidTopic(topic)
        case MOSQ_ERR_PAYLOAD_SIZE.rawValue, MOSQ_ERR_OVERSIZE_PACKET.rawValue:
            throw MQTTError.invalidConfiguration("the payload of \(payload.count) bytes is larger than MQTT or the broker allows")
        default:
            throw MQTTErrorMapping.connection(rc: rc, errno: 0, broker: configuration.broker)
        }
    }

    /// Waits until at most half of ``MQTTConfiguration/qos0QueueLimit`` QoS 0 messages wait for the
    /// socket (after ``publishWithoutWaiting(_:payload:retain:more:)`` returned `false`).
    public func waitForQueuedMessages() async throws {
        try await core.waitForQoS0Drain()
    }

    /// Waits until the broker granted every subscription asked for so far: each SUBSCRIBE sent on this
    /// connection has its SUBACK. After ``prepareSubscription(_:qos:)`` and ``connect()``, it is what
    /// "ready" means: a message published by anyone after this returns reaches the subscription.
    ///
    /// Throws ``MQTTError/subscriptionRejected(filter:)`` when the broker refused a filter on this
    /// connection, and the connection's error (or ``MQTTError/notConnected``) when the session ends first.
    public func waitForSubscriptions() async throws {
        let core = self.core
        try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
            core.loop.execute { core.waitForSubscriptions(waiter) }
        }
    }

    /// Subscribes to `filter` (`+` matches one level, `#` the rest) and returns the matching messages
    /// once the broker granted the subscription (SUBACK). Retained messages arrive first.
    ///
    /// Several subscriptions to overlapping filters each receive every message that matches them.
    /// Throws ``MQTTError/subscriptionRejected(filter:)`` if the broker refuses it.
    public func subscribe(_ filter: String, qos: MQTTQoS = .atLeastOnce) async throws -> MQTTSubscription {
        guard TopicName.isValidFilter(filter) else { throw MQTTError.invalidFilter(filter) }
        let core = self.core
        let token = core.makeToken()
        let (stream, continuation) = AsyncStream.makeStream(of: MQTTMessage.self)
        continuation.onTermination = { termination in
            guard case .cancelled = termination else { return }
            core.loop.execute { core.removeLocalSubscriber(filter, token: token, cancelled: false) }
        }
        let granted = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<MQTTQoS, any Error>) in
                if Task.isCancelled {
                    continuation.finish()
                    return waiter.resume(throwing: CancellationError())
                }
                core.loop.execute { core.subscribe(filter, qos: qos, token: token, stream: continuation, waiter: waiter) }
            }
        } onCancel: {
            core.loop.execute { core.removeLocalSubscriber(filter, token: token, cancelled: true) }
        }
        return MQTTSubscription(filter: filter, grantedQoS: granted, messages: stream)
    }

    /// Registers a subscription at once, without waiting for the broker: it is sent when the session
    /// connects (and again after every reconnect), or right away if already connected.
    ///
    /// Call it before ``connect()`` on a persistent session (`cleanSession: false`): the broker
    /// delivers the messages it stored for the session right after CONNACK, before an awaited
    /// ``subscribe(_:qos:)`` could register. ``MQTTSubscription/grantedQoS`` is the requested QoS.
    public func prepareSubscription(_ filter: String, qos: MQTTQoS = .atLeastOnce) throws -> MQTTSubscription {
        try prepareSubscription(filters: [filter], qos: qos)
    }

    /// Registers subscriptions to several filters at once (see ``prepareSubscription(_:qos:)``), whose
    /// messages arrive in one ``MQTTSubscription``: one stream and one consumer where a client
    /// listens to topics no single filter covers (a device's shadow and record requests). A message
    /// that matches more than one of the filters arrives once per filter.
    public func prepareSubscription(filters: [String], qos: MQTTQoS = .atLeastOnce) throws -> MQTTSubscription {
        try Self.checkFilters(filters)
        let core = self.core
        let token = core.makeToken()
        let (stream, continuation) = AsyncStream.makeStream(of: MQTTMessage.self)
        continuation.onTermination = { termination in
            guard case .cancelled = termination else { return }
            core.loop.execute { for filter in filters { core.removeLocalSubscriber(filter, token: token, cancelled: false) } }
        }
        register(filters, qos: qos, token: token, sink: .stream(continuation))
        return MQTTSubscription(filter: filters[0], grantedQoS: qos, messages: stream)
    }

    /// Registers subscriptions to several filters at once, like ``prepareSubscription(filters:qos:)``,
    /// with each message handed to `handler` on the session's event loop thread instead of a stream,
    /// and `nil` once, when the subscriptions end (the connection closed or a filter was refused).
    /// No task waits for messages: what a device simulator with 100,000 sessions needs, where a
    /// waiting task per session costs kilobytes. `handler` must return quickly and never block the loop.
    public func prepareSubscription(filters: [String], qos: MQTTQoS = .atLeastOnce,
                                    handler: @escaping @Sendable (MQTTMessage?) -> Void) throws {
        try Self.checkFilters(filters)
        register(filters, qos: qos, token: core.makeToken(), sink: .handler(MessageHandler(handler)))
    }

    /// At least one filter, each valid.
    private static func checkFilters(_ filters: [String]) throws(MQTTError) {
        guard !filters.isEmpty else { throw MQTTError.invalidFilter("") }
        for filter in filters where !TopicName.isValidFilter(filter) { throw MQTTError.invalidFilter(filter) }
    }

    /// Adds `sink` as the subscriber `token` of every filter, on the loop.
    private func register(_ filters: [String], qos: MQTTQoS, token: UInt64, sink: MessageSink) {
        let core = self.core
        core.loop.execute { for filter in filters { core.prepareSubscription(filter, qos: qos, token: token, sink: sink) } }
    }

    /// Removes the broker subscription for `filter` and ends every ``MQTTSubscription`` of it.
    public func unsubscribe(_ filter: String) async throws {
        guard TopicName.isValidFilter(filter) else { throw MQTTError.invalidFilter(filter) }
        let core = self.core
        try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
            core.loop.execute { core.unsubscribe(filter, waiter) }
        }
    }

    /// Disconnects cleanly (DISCONNECT: the broker does not publish the will), ends all
    /// subscriptions, fails pending operations with ``MQTTError/sessionClosed`` and stops
    /// reconnecting. The session may ``connect()`` again afterwards.
    public func disconnect() async {
        let core = self.core
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            core.loop.execute { core.disconnect(waiter) }
        }
    }

    /// Closes the socket abruptly, without DISCONNECT, as a crash or a network failure would: the
    /// broker publishes the last will. With reconnect enabled the session then reconnects by itself.
    /// For fault injection in simulations and tests.
    package func dropConnection() async {
        let core = self.core
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            core.loop.execute {
                core.abortConnection()
                done.resume()
            }
        }
    }
}

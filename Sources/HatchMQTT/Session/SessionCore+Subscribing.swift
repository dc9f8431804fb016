import CMosquitto
import Foundation

extension SessionCore {
    /// Adds a local subscription and asks the broker for it (now if connected, else on connect).
    func subscribe(
        _ filter: String, qos: MQTTQoS, token: UInt64,
        stream: AsyncStream<MQTTMessage>.Continuation,
        waiter: CheckedContinuation<MQTTQoS, any Error>
    ) {
        switch phase {
        case .idle, .disconnecting, .closed:
            stream.finish()
            return waiter.resume(throwing: MQTTError.notConnected)
        case .connecting, .connected, .waitingToReconnect:
            break
        }
        var subscription = subscriptions[filter] ?? LocalSubscription(qos: qos)
        subscription.qos = max(subscription.qos, qos)
        subscription.streams[token] = .stream(stream)
        subscription.waiters[token] = waiter
        subscriptions[filter] = subscription
        index(filter)
        if phase == .connected { sendSubscribe([filter], qos: subscription.qos) }
    }

    /// Adds a local subscription without waiting for a SUBACK; it is sent now if connected, and on
    /// every (re)connect otherwise — so it catches what a persistent session delivers right after CONNACK.
    func prepareSubscription(_ filter: String, qos: MQTTQoS, token: UInt64, sink: MessageSink) {
        guard phase != .closed else { return sink.finish() }
        var subscription = subscriptions[filter] ?? LocalSubscription(qos: qos)
        subscription.qos = max(subscription.qos, qos)
        subscription.streams[token] = sink
        subscriptions[filter] = subscription
        index(filter)
        if phase == .connected { sendSubscribe([filter], qos: subscription.qos) }
    }

    /// Indexes `filter` for routing once the session holds enough filters for the index to pay
    /// (``FilterIndex/worthwhileFilterCount``); a device's session, with a handful, keeps none.
    private func index(_ filter: String) {
        if filterIndex != nil {
            filterIndex?.insert(filter)
        } else if subscriptions.count > FilterIndex.worthwhileFilterCount {
            var index = FilterIndex()
            for filter in subscriptions.keys { index.insert(filter) }
            filterIndex = index
        }
    }

    /// Asks the broker for `filters` at `qos` in one SUBSCRIBE (a device's session subscribes to its
    /// few filters at every connect: one packet and one SUBACK instead of one each). A filter the
    /// broker cannot be asked for fails its waiters.
    func sendSubscribe(_ filters: [String], qos: MQTTQoS) {
        guard !filters.isEmpty else { return }
        var mid: Int32 = 0
        let rc: Int32
        if filters.count == 1 {
            rc = mosquitto_subscribe(mosq, &mid, filters[0], Int32(qos.rawValue))
        } else {
            let names = filters.map { strdup($0) }
            defer { names.forEach { free($0) } }
            rc = names.withUnsafeBufferPointer { names in
                mosquitto_subscribe_multiple(mosq, &mid, Int32(names.count), names.baseAddress, Int32(qos.rawValue), 0, nil)
            }
        }
        if rc == MOSQ_ERR_SUCCESS.rawValue {
            subscribeMids[mid] = filters
            loop.updateInterest(self)
            return
        }
        let error = MQTTErrorMapping.connection(rc: rc, errno: 0, broker: configuration.broker)
        for filter in filters {
            guard var subscription = subscriptions[filter] else { continue }
            subscription.waiters.forEach { $0.resume(throwing: error) }
            subscription.waiters.removeAll()
            subscriptions[filter] = subscription
        }
    }

    /// Subscribes again to every local subscription, one SUBSCRIBE per QoS (on connect).
    func resendSubscriptions() {
        var byQoS: [MQTTQoS: [String]] = [:]
        for (filter, subscription) in subscriptions { byQoS[subscription.qos, default: []].append(filter) }
        // In QoS order, and at most 64 filters a packet, so a session of thousands does not build one huge packet.
        for qos in byQoS.keys.sorted() {
            let filters = byQoS[qos] ?? []
            for start in stride(from: 0, to: filters.count, by: 64) {
                sendSubscribe(Array(filters[start..<min(start + 64, filters.count)]), qos: qos)
            }
        }
    }

    /// SUBACK (callback, loop): one granted QoS or failure code per filter of the SUBSCRIBE, in order.
    func didSubscribe(mid: Int32, grantedCodes: UnsafeBufferPointer<Int32>) {
        guard let filters = subscribeMids.removeValue(forKey: mid) else { return }
        if subscribeMids.isEmpty { subscribeMids = [:] }  // freed once every SUBACK is in (see `didPublish`)
        for (position, filter) in filters.enumerated() {
            guard var subscription = subscriptions[filter] else { continue }
            let code = position < grantedCodes.count ? grantedCodes[position] : 0x80
            guard code < 0x80, let granted = MQTTQoS(rawValue: Int(code)) else {
                refusedFilters.append(filter)
                subscriptions.removeValue(forKey: filter)
                filterIndex?.remove(filter)
                subscription.finish(failing: MQTTError.subscriptionRejected(filter: filter))
                continue
            }
            subscription.waiters.forEach { $0.resume(returning: granted) }
            subscription.waiters.removeAll()
            subscriptions[filter] = subscription
        }
        resumeSubscriptionWaitersIfGranted()
    }

    /// Adds a caller of ``MQTTSession/waitForSubscriptions()``: resumed at once when connected with
    /// no SUBACK outstanding, else when the last one arrives (after a reconnect's, if the session
    /// reconnects meanwhile); failed when the session ends, or when the broker refused a filter on
    /// this connection.
    func waitForSubscriptions(_ waiter: CheckedContinuation<Void, any Error>) {
        switch phase {
        case .idle, .disconnecting, .closed:
            return waiter.resume(throwing: MQTTError.notConnected)
        case .connecting, .connected, .waitingToReconnect:
            subscriptionWaiters.append(waiter)
            resumeSubscriptionWaitersIfGranted()
        }
    }

    /// Resumes the callers of ``MQTTSession/waitForSubscriptions()`` once the broker answered every
    /// SUBSCRIBE of this connection (loop).
    func resumeSubscriptionWaitersIfGranted() {
        guard !subscriptionWaiters.isEmpty, phase == .connected, subscribeMids.isEmpty else { return }
        let waiters = subscriptionWaiters
        subscriptionWaiters.removeAll()
        if let refused = refusedFilters.first {
            waiters.forEach { $0.resume(throwing: MQTTError.subscriptionRejected(filter: refused)) }
        } else {
            waiters.forEach { $0.resume() }
        }
    }

    /// A subscribe call was cancelled before its SUBACK, or its stream was dropped.
    func removeLocalSubscriber(_ filter: String, token: UInt64, cancelled: Bool) {
        guard var subscription = subscriptions[filter] else { return }
        subscription.streams.removeValue(forKey: token)?.finish()
        if cancelled { subscription.waiters.removeValue(forKey: token)?.resume(throwing: CancellationError()) }
        subscriptions[filter] = subscription
    }

    /// Ends every local stream of `filter` and removes the broker subscription.
    func unsubscribe(_ filter: String, _ waiter: CheckedContinuation<Void, any Error>) {
        subscriptions.removeValue(forKey: filter)?.finish(failing: CancellationError())
        filterIndex?.remove(filter)
        guard phase == .connected else { return waiter.resume() }
        var mid: Int32 = 0
        let rc = mosquitto_unsubscribe(mosq, &mid, filter)
        guard rc == MOSQ_ERR_SUCCESS.rawValue else {
            return waiter.resume(throwing: MQTTErrorMapping.connection(rc: rc, errno: 0, broker: configuration.broker))
        }
        unsubscribeWaiters[mid] = waiter
        loop.updateInterest(self)
    }

    /// UNSUBACK (callback, loop).
    func didUnsubscribe(mid: Int32) {
        unsubscribeWaiters.removeValue(forKey: mid)?.resume()
    }

    /// A PUBLISH arrived (callback, loop): route it to every local subscription whose filter matches.
    func didReceive(_ message: mosquitto_message) {
        guard let topicPointer = message.topic else { return }
        let topic = String(cString: topicPointer)
        let payload = message.payload.map { Data(bytes: $0, count: Int(message.payloadlen)) } ?? Data()
        let delivered = MQTTMessage(
            topic: topic, payload: payload,
            qos: MQTTQoS(rawValue: Int(message.qos)) ?? .atMostOnce, retain: message.retain
        )
        // A device's session holds a handful of filters: trying each costs less than the index's lookups.
        guard let filterIndex, subscriptions.count > FilterIndex.worthwhileFilterCount else {
            for (filter, subscription) in subscriptions where TopicName.matches(filter: filter, topic: topic) {
                subscription.streams.forEach { $0.yield(delivered) }
            }
            return
        }
        filterIndex.forEachCandidate(of: topic) { filter in
            guard let subscription = subscriptions[filter], TopicName.matches(filter: filter, topic: topic) else { return }
            subscription.streams.forEach { $0.yield(delivered) }
        }
    }
}

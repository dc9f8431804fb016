import CMosquitto
import Foundation

extension SessionCore {
    /// A QoS ≥ 1 publish (loop): sent now when connected, queued while a connection is being
    /// (re)established, refused otherwise.
    func publish(_ pending: PendingPublish) {
        switch phase {
        case .connected:
            send(pending)
        case .connecting, .waitingToReconnect:
            enqueue(pending)
        case .idle, .disconnecting, .closed:
            pending.continuation.resume(throwing: MQTTError.notConnected)
        }
    }

    /// Hands a publish to libmosquitto and waits for its PUBACK/PUBCOMP by message id. If the
    /// connection drops before the acknowledgement, libmosquitto resends it after reconnecting.
    func send(_ pending: PendingPublish) {
        var mid: Int32 = 0
        let rc = pending.payload.withUnsafeBytes { bytes in
            mosquitto_publish(mosq, &mid, pending.topic, Int32(clamping: bytes.count), bytes.baseAddress,
                              Int32(pending.qos.rawValue), pending.retain)
        }
        switch rc {
        case MOSQ_ERR_SUCCESS.rawValue, MOSQ_ERR_NO_CONN.rawValue:
            inflight[mid] = pending
            loop.updateInterest(self)
        case MOSQ_ERR_PAYLOAD_SIZE.rawValue, MOSQ_ERR_OVERSIZE_PACKET.rawValue:
            pending.continuation.resume(throwing: MQTTError.invalidConfiguration(
                "the payload of \(pending.payload.count) bytes is larger than MQTT or the broker allows"))
        case MOSQ_ERR_INVAL.rawValue, MOSQ_ERR_MALFORMED_UTF8.rawValue:
            pending.continuation.resume(throwing: MQTTError.invalidTopic(pending.topic))
        default:
            pending.continuation.resume(throwing: MQTTErrorMapping.connection(rc: rc, errno: 0, broker: configuration.broker))
        }
    }

    private func enqueue(_ pending: PendingPublish) {
        queued.append(pending)
        let timeout = configuration.reconnect.queuedPublishTimeout
        loop.schedule(after: timeout) { [self] in
            guard let index = queued.firstIndex(where: { $0.token == pending.token }) else { return }
            let expired = queued.remove(at: index)
            expired.continuation.resume(throwing: MQTTError.publishTimedOut(topic: expired.topic, after: timeout))
        }
    }

    /// Queues a QoS 0 publish in the ``DirectOutbox``; `false` when it must go through libmosquitto
    /// instead: not connected, libmosquitto holds packets that must leave first, or a topic or size
    /// libmosquitto refuses with its own error.
    func queueDirectly(_ topic: String, payload: MQTTPayload, retain: Bool) -> Bool {
        guard writesDirectly, TopicName.isValidPublishTopic(topic) else { return false }
        return outbox.withLock { box in
            guard box.isOpen, !mosquitto_want_write(mosq), box.append(topic: topic, payload: payload, retain: retain) else { return false }
            unsentQoS0.add(1, ordering: .relaxed)
            return true
        }
    }

    /// Writes the outbox on the publishing thread: the bytes it just encoded are still in its
    /// processor's cache, and the loop need not wake up. When the loop is working the socket, or
    /// the socket does not take everything now, the loop writes the rest.
    func writeFromPublisher() {
        guard socketAccess.tryLock() else { return loop.requestWrite(self) }
        let (sent, pending, _) = writeOutbox(to: nil)
        socketAccess.unlock()
        // The loop finishes a cut-short write, and wakes publishers that waited for a drain.
        if pending || (sent > 0 && hasDrainWaiters.load(ordering: .sequentiallyConsistent)) { loop.requestWrite(self) }
    }

    /// PUBACK (QoS 1) or PUBCOMP (QoS 2) — also called after each QoS 0 write, which has no waiter.
    func didPublish(mid: Int32) {
        if let pending = inflight.removeValue(forKey: mid) {
            // An emptied table is freed, not kept at its largest: most sessions publish a burst
            // at QoS 1 when they connect and little after, and a process may hold 100,000 of them.
            if inflight.isEmpty { inflight = [:] }
            pending.continuation.resume()
        } else if unsentQoS0.load(ordering: .relaxed) > 0 {
            unsentQoS0.subtract(1, ordering: .relaxed)
            resumeDrainWaitersIfDrained()
        }
    }

    /// Suspends a QoS 0 publisher until at most half of ``MQTTConfiguration/qos0QueueLimit`` messages
    /// wait for the socket, or the connection ends. The loop wakes it when a write brings the queue
    /// down that far, so a fleet of backed-up publishers costs nothing while it waits.
    func waitForQoS0Drain() async throws {
        let target = configuration.qos0QueueLimit / 2
        guard unsentQoS0.load(ordering: .relaxed) > target, state == .connected else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            loop.execute { [self] in
                guard phase == .connected else { return continuation.resume() }
                // Announced before the count is checked again, so a publisher that drains the queue
                // on its own thread either sees a waiter and asks the loop, or left a count this sees.
                drainWaiters.append(continuation)
                hasDrainWaiters.store(true, ordering: .sequentiallyConsistent)
                if unsentQoS0.load(ordering: .sequentiallyConsistent) <= target { resumeDrainWaiters() }
            }
        }
    }

    /// Wakes the publishers waiting for a drain once at most half of ``MQTTConfiguration/qos0QueueLimit``
    /// messages wait (loop).
    func resumeDrainWaitersIfDrained() {
        guard !drainWaiters.isEmpty, unsentQoS0.load(ordering: .sequentiallyConsistent) <= configuration.qos0QueueLimit / 2 else { return }
        resumeDrainWaiters()
    }

    /// Wakes every publisher waiting for the queue to drain (loop).
    func resumeDrainWaiters() {
        let waiters = drainWaiters
        drainWaiters.removeAll()
        hasDrainWaiters.store(false, ordering: .sequentiallyConsistent)
        waiters.forEach { $0.resume() }
    }

    /// Stops waiting for a publish (task cancelled). A queued publish is never sent; one already
    /// handed to the broker may still be delivered.
    func cancelPublish(token: UInt64) {
        if let index = queued.firstIndex(where: { $0.token == token }) {
            queued.remove(at: index).continuation.resume(throwing: CancellationError())
        } else if let (mid, _) = inflight.first(where: { $0.value.token == token }) {
            inflight.removeValue(forKey: mid)?.continuation.resume(throwing: CancellationError())
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CMosquitto
import Foundation
import Synchronization

/// The loop-side state machine of one ``MQTTSession``.
///
/// Threading: everything below "loop-confined" is read and written only on the session's
/// ``EventLoopThread`` (libmosquitto callbacks run there too, inside `mosquitto_loop_read/write/misc`),
/// so it needs no lock. Other threads reach it through `loop.execute`. The connection state, which
/// callers read synchronously, is behind a `Mutex`; QoS 0 publishes are encoded into the
/// ``DirectOutbox`` (or, where it is not used, handed to `mosquitto_publish`, thread-safe in
/// libmosquitto's threaded mode) and then `loop.requestWrite`.
final class SessionCore: @unchecked Sendable {
    enum Phase {
        case idle, connecting, connected, waitingToReconnect, disconnecting, closed
    }

    private struct Observed {
        var state: MQTTConnectionState = .disconnected(reason: .neverConnected)
        var observers: [UInt64: AsyncStream<MQTTConnectionState>.Continuation] = [:]
        var nextObserver: UInt64 = 0
    }

    private static let ids = Atomic<UInt64>(1)

    let id: UInt64
    let configuration: MQTTConfiguration
    let loop: EventLoopThread
    let mosq: OpaquePointer
    let setupProblem: MQTTError?
    /// Set while a write request is queued on the loop (see ``EventLoopThread/requestWrite(_:)``).
    let writeScheduled = Atomic<Bool>(false)
    /// QoS 0 messages handed to libmosquitto and not yet written (approximate: a late PUBACK of a
    /// cancelled QoS 1 publish also counts down). Reset when the connection ends, as libmosquitto
    /// then discards unsent packets.
    let unsentQoS0 = Atomic<Int>(0)
    /// Whether publishers wait in ``drainWaiters`` (set and cleared on the loop, read by publishing threads).
    let hasDrainWaiters = Atomic<Bool>(false)
    /// Whether QoS 0 publishes go through ``outbox`` (MQTT 3.1.1 without TLS, on a platform that
    /// can send without `SIGPIPE`); otherwise through libmosquitto's queue.
    let writesDirectly: Bool
    /// QoS 0 packets to write ahead of libmosquitto's own, by the publishing thread or the loop.
    let outbox = Locked.make(DirectOutbox())
    /// Held by whichever thread works the socket: the loop while libmosquitto reads, writes or
    /// keeps the connection alive (any of which may close the socket, so its number may be reused),
    /// and a publishing thread while it writes the outbox itself. Publishers only try it.
    let socketAccess = Locked.make(())
    private let tokens = Atomic<UInt64>(1)
    private let observed = Locked.make(Observed())

    // MARK: Loop-confined
    var registeredFD: Int32 = -1
    var writeArmed = false
    var phase = Phase.idle
    var everConnected = false
    var reconnectAttempt = 0
    var attemptGeneration = 0
    var attemptTimedOut = false
    var holdsConnectSlot = false
    /// A blocking MQTT 5 connect runs on a helper thread; the loop leaves the handle alone meanwhile.
    var blockingConnectInProgress = false
    /// ``close()`` was asked for during a blocking connect; it runs when the helper thread is done.
    var closeDeferred = false
    var lastConnack: Int32?
    var connectWaiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    var disconnectWaiters: [CheckedContinuation<Void, Never>] = []
    /// QoS 0 publishers waiting for the queue to drain (``waitForQoS0Drain()``).
    var drainWaiters: [CheckedContinuation<Void, Never>] = []
    var inflight: [Int32: PendingPublish] = [:]
    var queued: [PendingPublish] = []
    var subscriptions: [String: LocalSubscription] = [:]
    /// The keys of `subscriptions`, indexed for routing (``didReceive(_:)``) once there are more than
    /// ``FilterIndex/worthwhileFilterCount``.
    var filterIndex: FilterIndex?
    var subscribeMids: [Int32: [String]] = [:]
    /// Callers of ``MQTTSession/waitForSubscriptions()`` waiting for every SUBACK of this connection.
    var subscriptionWaiters: [CheckedContinuation<Void, any Error>] = []
    /// The filters the broker refused on this connection (SUBACK 0x80), in order.
    var refusedFilters: [String] = []
    var unsubscribeWaiters: [Int32: CheckedContinuation<Void, any Error>] = [:]

    init(configuration: MQTTConfiguration, loop: EventLoopThread) {
        self.id = Self.ids.add(1, ordering: .relaxed).oldValue
        self.configuration = configuration
        self.loop = loop
        writesDirectly = PortableSocket.canSendWithoutSignal && configuration.protocolVersion != .v5
            && configuration.tls == nil && !configuration.broker.usesTLS
        (mosq, setupProblem) = MosquittoHandle.make(for: configuration)
        mosquitto_user_data_set(mosq, Unmanaged.passUnretained(self).toOpaque())
        MosquittoCallbacks.install(on: mosq)
        loop.execute { [self] in loop.add(self) }
    }

    /// A fresh token identifying one operation (for cancellation).
    func makeToken() -> UInt64 { tokens.add(1, ordering: .relaxed).oldValue }

    var socket: Int32 { mosquitto_socket(mosq) }
    var wantsWrite: Bool { mosquitto_want_write(mosq) || (writesDirectly && outbox.withLock { $0.isPending }) }

    // MARK: Observed state (any thread)

    var state: MQTTConnectionState { observed.withLock { $0.state } }

    func stateStream() -> AsyncStream<MQTTConnectionState> {
        let (stream, continuation) = AsyncStream.makeStream(of: MQTTConnectionState.self)
        let key = observed.withLock { observed -> UInt64 in
            observed.nextObserver += 1
            observed.observers[observed.nextObserver] = continuation
            continuation.yield(observed.state)
            return observed.nextObserver
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.observed.withLock { $0.observers.removeValue(forKey: key) }
        }
        return stream
    }

    func setState(_ state: MQTTConnectionState) {
        observed.withLock { observed in
            guard observed.state != state else { return }
            observed.state = state
            observed.observers.values.forEach { $0.yield(state) }
        }
    }

    private func finishStateStreams() {
        observed.withLock { observed in
            observed.observers.values.forEach { $0.finish() }
            observed.observers.removeAll()
        }
    }

    // MARK: I/O (loop)

    /// Handles readiness of this session's socket: reads on data, a hang-up or an error, and writes
    /// on room to write or an error (so libmosquitto collects the error and reports the disconnect).
    func handle(events: SocketEvents) {
        guard phase != .closed else { return }
        socketAccess.lock()
        defer { socketAccess.unlock() }
        if !events.isDisjoint(with: .needsRead) { readAvailable() }
        if !events.isDisjoint(with: .needsWrite) { writeQueued() }
        loop.updateInterest(self)
    }

    /// Reads packets until the socket would block (bounded, so one busy session cannot starve others).
    private func readAvailable() {
        for _ in 0..<64 {
            errno = 0
            let rc = mosquitto_loop_read(mosq, 1)
            let savedErrno = errno
            if rc != 0 {
                noticeSilentClose(rc: rc, errno: savedErrno)
                return
            }
            if savedErrno == EAGAIN || savedErrno == EWOULDBLOCK || socket < 0 { return }
        }
    }

    /// libmosquitto closes the socket without a disconnect callback when a TLS handshake that did not
    /// finish inside `mosquitto_connect_async` fails later (an untrusted certificate): report that
    /// attempt as failed with libmosquitto's code, instead of waiting for the connect timeout.
    private func noticeSilentClose(rc: Int32, errno savedErrno: Int32 = 0) {
        guard rc != MOSQ_ERR_SUCCESS.rawValue, phase == .connecting, socket < 0 else { return }
        didDisconnect(code: rc, errno: savedErrno)
    }

    /// Writes what other threads queued (QoS 0 publishes).
    func flushRequestedWrites() {
        writeScheduled.store(false, ordering: .sequentiallyConsistent)
        guard phase != .closed, !blockingConnectInProgress else { return }
        socketAccess.lock()
        defer { socketAccess.unlock() }
        writeQueued()
        loop.updateInterest(self)
    }

    /// Writes the direct outbox, then, once it is empty, libmosquitto's queue (which holds only
    /// packets queued after everything in the outbox; see ``queueDirectly(_:payload:retain:)``), and
    /// wakes the publishers waiting for a drain once it is far enough down (also when a publisher
    /// drained it on its own thread).
    private func writeQueued() {
        defer { resumeDrainWaitersIfDrained() }
        guard socket >= 0 else { return }
        if writesDirectly {
            let (_, pending, failed) = writeOutbox(to: socket)
            if pending || failed { return }
        }
        noticeSilentClose(rc: mosquitto_loop_write(mosq, 1))
    }

    /// Writes what waits in the outbox to `fd`; with `nil`, to the socket the outbox keeps, and only
    /// while it is open (a publishing thread). The caller holds ``socketAccess``. A failed socket is
    /// shut down, so libmosquitto's read reports the disconnect as for any other socket error.
    /// Returns the messages written, whether bytes still wait (the socket is full) and whether it failed.
    func writeOutbox(to fd: Int32?) -> (sent: Int, pending: Bool, failed: Bool) {
        let (sent, failedSocket, pending) = outbox.withLock { box -> (Int, Int32?, Bool) in
            guard box.isPending, fd != nil || box.isOpen else { return (0, nil, box.isPending) }
            let socket = fd ?? box.socket
            let (sent, failed) = box.write(to: socket)
            if sent > 0 { unsentQoS0.subtract(sent, ordering: .sequentiallyConsistent) }
            return (sent, failed ? socket : nil, box.isPending)
        }
        if let failedSocket { PortableSocket.shutdown(failedSocket) }
        return (sent, pending, failedSocket != nil)
    }

    /// The periodic keep-alive tick.
    func tick() {
        guard phase != .closed, !blockingConnectInProgress, socket >= 0 else { return }
        socketAccess.lock()
        defer { socketAccess.unlock() }
        _ = mosquitto_loop_misc(mosq)
        loop.updateInterest(self)
    }

    // MARK: Connect (loop)

    func connect(token: UInt64, _ waiter: CheckedContinuation<Void, any Error>) {
        if let setupProblem { return waiter.resume(throwing: setupProblem) }
        switch phase {
        case .connected:
            waiter.resume()
        case .connecting, .waitingToReconnect:
            connectWaiters[token] = waiter
        case .disconnecting, .closed:
            waiter.resume(throwing: MQTTError.sessionClosed)
        case .idle:
            connectWaiters[token] = waiter
            everConnected = false
            reconnectAttempt = 0
            beginAttempt()
        }
    }

    func cancelConnect(token: UInt64) {
        connectWaiters.removeValue(forKey: token)?.resume(throwing: CancellationError())
        if connectWaiters.isEmpty && phase == .connecting && !everConnected {
            abortConnection()
        }
    }

    /// Starts one connection attempt (first connect or reconnect), within the loop's connect budget.
    func beginAttempt() {
        phase = .connecting
        attemptGeneration += 1
        let generation = attemptGeneration
        lastConnack = nil
        attemptTimedOut = false
        setState(.connecting)
        loop.admitConnect { [self] in
            guard phase == .connecting, attemptGeneration == generation else {
                loop.connectAttemptEnded()
                return
            }
            holdsConnectSlot = true
            loop.forgetSocket(of: self)
            let keepAlive = Int32(max(5, min(65535, configuration.keepAlive.seconds.rounded())))
            scheduleConnectTimeout(generation: generation)
            if configuration.protocolVersion == .v5 && !configuration.cleanSession {
                return connectWithSessionExpiry(keepAlive: keepAlive, generation: generation)
            }
            openSocket(keepAlive: keepAlive, generation: generation)
        }
    }

    /// Opens the attempt's socket and sends CONNECT. A Unix socket whose listen queue is full refuses
    /// at once (`EAGAIN`; mosquitto queues only 10) where TCP would retransmit its SYN, so that is
    /// tried again shortly, within the attempt's connect timeout.
    private func openSocket(keepAlive: Int32, generation: Int) {
        let broker = configuration.broker
        errno = 0
        let rc = mosquitto_connect_bind_async(mosq, broker.host, Int32(clamping: broker.port), keepAlive, configuration.bindAddress)
        guard rc == 0 else {
            let savedErrno = errno
            if broker.isUnixSocket, rc == MOSQ_ERR_ERRNO.rawValue, savedErrno == EAGAIN || savedErrno == EWOULDBLOCK {
                loop.schedule(after: Self.fullQueueRetryDelay) { [self] in
                    guard phase == .connecting, attemptGeneration == generation, !attemptTimedOut else { return }
                    openSocket(keepAlive: keepAlive, generation: generation)
                }
                return
            }
            return connectionEnded(MQTTErrorMapping.connection(rc: rc, errno: savedErrno, broker: broker, bindAddress: configuration.bindAddress))
        }
        loop.updateInterest(self)
    }

    /// How long a connect to a Unix socket with a full listen queue waits before it tries again.
    private static let fullQueueRetryDelay = Duration.milliseconds(2)

    private func scheduleConnectTimeout(generation: Int) {
        // Captures no more than it must: every session that connected in the last `connectTimeout`
        // keeps this closure until then.
        loop.schedule(after: configuration.connectTimeout) { [self] in
            guard phase == .connecting, attemptGeneration == generation else { return }
            attemptTimedOut = true
            if socket >= 0 {
                PortableSocket.shutdown(socket)
            } else if !blockingConnectInProgress {
                let broker = configuration.broker
                connectionEnded(.connectTimedOut(host: broker.host, port: broker.port, after: configuration.connectTimeout))
            }
        }
    }

    /// MQTT 5 persistent sessions need a Session Expiry Interval in CONNECT, which only libmosquitto's
    /// blocking `mosquitto_connect_bind_v5` can send. It runs on a short-lived helper thread (the loop
    /// leaves this handle alone meanwhile); the loop takes over once the TCP/TLS connection is up.
    private func connectWithSessionExpiry(keepAlive: Int32, generation: Int) {
        blockingConnectInProgress = true
        let broker = configuration.broker
        let bindAddress = configuration.bindAddress
        let thread = Thread { [self] in
            var properties: OpaquePointer?
            _ = mosquitto_property_add_int32(&properties, Int32(MQTT_PROP_SESSION_EXPIRY_INTERVAL.rawValue), UInt32.max)
            errno = 0
            let rc = mosquitto_connect_bind_v5(mosq, broker.host, Int32(clamping: broker.port), keepAlive, bindAddress, properties)
            let savedErrno = errno
            mosquitto_property_free_all(&properties)
            loop.execute { [self] in
                blockingConnectInProgress = false
                if closeDeferred { return close() }
                loop.updateInterest(self)
                guard phase == .connecting, attemptGeneration == generation else {
                    if phase != .closed { abortConnection() }
                    return
                }
                if rc != 0 {
                    connectionEnded(attemptTimedOut
                        ? .connectTimedOut(host: broker.host, port: broker.port, after: configuration.connectTimeout)
                        : MQTTErrorMapping.attempt(rc: rc, errno: savedErrno, configuration: configuration))
                } else if attemptTimedOut {
                    abortConnection()
                }
            }
        }
        thread.name = "hatch-mqtt-connect"
        thread.start()
    }

    private func releaseConnectSlot() {
        guard holdsConnectSlot else { return }
        holdsConnectSlot = false
        loop.connectAttemptEnded()
    }

    /// Closes the socket abruptly; libmosquitto then reports the disconnect through the loop.
    func abortConnection() {
        if socket >= 0 {
            PortableSocket.shutdown(socket)
        } else if phase == .connecting {
            connectionEnded(.sessionClosed)
        }
    }

    /// CONNACK (callback, loop).
    func didConnect(code: Int32) {
        guard code == 0 else {
            lastConnack = code
            return
        }
        guard phase == .connecting else { return }
        releaseConnectSlot()
        phase = .connected
        everConnected = true
        reconnectAttempt = 0
        if writesDirectly {
            // A new connection starts with an empty outbox: nothing of an earlier connection's stream.
            let fd = socket
            outbox.withLock { box in
                box.removeAll()
                box.isOpen = true
                box.socket = fd
            }
        }
        setState(.connected)
        let waiters = connectWaiters
        connectWaiters.removeAll()
        waiters.values.forEach { $0.resume() }
        subscribeMids.removeAll()
        refusedFilters.removeAll()
        resendSubscriptions()
        resumeSubscriptionWaitersIfGranted()
        let pending = queued
        queued.removeAll()
        pending.forEach(send)
    }

    /// The socket closed (callback, loop).
    func didDisconnect(code: Int32, errno savedErrno: Int32) {
        outbox.withLock { box in
            box.isOpen = false
            box.removeAll()
            unsentQoS0.store(0, ordering: .relaxed)
        }
        resumeDrainWaiters()
        loop.forgetSocket(of: self)
        switch phase {
        case .disconnecting:
            releaseConnectSlot()
            finishDisconnect()
        case .idle, .closed:
            releaseConnectSlot()
        case .connecting, .connected, .waitingToReconnect:
            let broker = configuration.broker
            let error: MQTTError
            if let connack = lastConnack {
                error = MQTTErrorMapping.connack(connack)
            } else if attemptTimedOut {
                error = .connectTimedOut(host: broker.host, port: broker.port, after: configuration.connectTimeout)
            } else if phase == .connecting {
                error = MQTTErrorMapping.attempt(rc: code, errno: savedErrno, configuration: configuration)
            } else {
                error = MQTTErrorMapping.connection(rc: code, errno: savedErrno, broker: broker)
            }
            connectionEnded(error)
        }
    }

    /// A connection attempt failed or an established connection dropped: report it, then reconnect
    /// (with backoff) or end the session, as the policy says.
    func connectionEnded(_ error: MQTTError) {
        releaseConnectSlot()
        let wasConnected = phase == .connected
        let waiters = connectWaiters
        connectWaiters.removeAll()
        waiters.values.forEach { $0.resume(throwing: error) }
        subscribeMids.removeAll()
        let unsubscribes = unsubscribeWaiters
        unsubscribeWaiters.removeAll()
        unsubscribes.values.forEach { $0.resume(throwing: error) }

        guard everConnected, configuration.reconnect.isEnabled else {
            phase = .idle
            setState(.disconnected(reason: wasConnected ? .connectionLost(error) : .connectFailed(error)))
            failEverything(with: error, queuedError: everConnected ? .notConnected : error)
            return
        }
        phase = .waitingToReconnect
        setState(.disconnected(reason: wasConnected ? .connectionLost(error) : .connectFailed(error)))
        let delay = configuration.reconnect.delay(forAttempt: reconnectAttempt)
        reconnectAttempt += 1
        let generation = attemptGeneration
        loop.schedule(after: delay) { [self] in
            guard phase == .waitingToReconnect, attemptGeneration == generation else { return }
            beginAttempt()
        }
    }

    // MARK: Disconnect and close (loop)

    func disconnect(_ waiter: CheckedContinuation<Void, Never>) {
        switch phase {
        case .connected:
            phase = .disconnecting
            disconnectWaiters.append(waiter)
            // What is in the outbox still leaves before DISCONNECT; nothing more is added.
            outbox.withLock { $0.isOpen = false }
            guard mosquitto_disconnect(mosq) == 0 else { return finishDisconnect() }
            loop.updateInterest(self)
            let generation = attemptGeneration
            loop.schedule(after: .seconds(2)) { [self] in
                if phase == .disconnecting && attemptGeneration == generation { abortConnection() }
            }
        case .connecting:
            phase = .disconnecting
            disconnectWaiters.append(waiter)
            if socket >= 0 { abortConnection() } else { finishDisconnect() }
        case .disconnecting:
            disconnectWaiters.append(waiter)
        case .waitingToReconnect, .idle:
            disconnectWaiters.append(waiter)
            finishDisconnect()
        case .closed:
            waiter.resume()
        }
    }

    /// Ends a client-requested disconnect: everything pending fails with `.sessionClosed`.
    private func finishDisconnect() {
        releaseConnectSlot()
        phase = .idle
        attemptGeneration += 1
        setState(.disconnected(reason: .clientRequested))
        let waiters = connectWaiters
        connectWaiters.removeAll()
        waiters.values.forEach { $0.resume(throwing: MQTTError.sessionClosed) }
        failEverything(with: .sessionClosed, queuedError: .sessionClosed)
        let done = disconnectWaiters
        disconnectWaiters.removeAll()
        done.forEach { $0.resume() }
    }

    private func failEverything(with error: MQTTError, queuedError: MQTTError) {
        let flying = inflight
        inflight.removeAll()
        flying.values.forEach { $0.continuation.resume(throwing: error) }
        let waiting = queued
        queued.removeAll()
        waiting.forEach { $0.continuation.resume(throwing: queuedError) }
        let unsubscribes = unsubscribeWaiters
        unsubscribeWaiters.removeAll()
        unsubscribes.values.forEach { $0.resume(throwing: error) }
        let local = subscriptions
        subscriptions.removeAll()
        filterIndex = nil
        subscribeMids.removeAll()
        local.values.forEach { $0.finish(failing: error) }
        let barriers = subscriptionWaiters
        subscriptionWaiters.removeAll()
        barriers.forEach { $0.resume(throwing: error) }
    }

    /// Disconnects cleanly if connected, frees the libmosquitto handle and forgets the session.
    /// Runs on the loop when the ``MQTTSession`` is deallocated.
    func close() {
        guard !blockingConnectInProgress else {
            closeDeferred = true
            return
        }
        let wasConnected = phase == .connected
        phase = .disconnecting
        outbox.withLock { $0.isOpen = false }
        socketAccess.lock()
        if wasConnected && mosquitto_disconnect(mosq) == 0 { writeQueued() }
        socketAccess.unlock()
        if phase == .disconnecting { finishDisconnect() }
        phase = .closed
        releaseConnectSlot()
        loop.forgetSocket(of: self)
        mosquitto_destroy(mosq)
        loop.remove(self)
        resumeDrainWaiters()
        finishStateStreams()
    }
}

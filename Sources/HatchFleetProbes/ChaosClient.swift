import Foundation
import HatchDeviceModel
import HatchMQTT
import Synchronization

/// The application side of a chaos run: one persistent MQTT session (QoS 1, `cleanSession: false`,
/// reconnecting by itself) that sends commands at a steady rate, each with its own `clientToken`,
/// retries a command with the same token until it is answered or its deadline passes, and reads
/// shadows back. Every command ends in the ``CommandLedger`` as accepted, rejected or failed.
package final class ChaosClient: Sendable {
    /// One device the client may command.
    package struct Target: Sendable {
        package var thing: ThingName
        package var product: HardwareProduct

        /// A device to command.
        package init(thing: ThingName, product: HardwareProduct) {
            self.thing = thing
            self.product = product
        }
    }

    package let session: MQTTSession
    package let ledger: CommandLedger
    private let waiters = ClientTokenReplies<ShadowReply>()
    private let run: String
    private let targets: [Target]
    private let attemptTimeout: Duration
    private let deadline: Duration
    /// Whether new commands wait; a command begins in the ledger under this lock, so once ``pause()``
    /// returns no new one begins and ``drain(timeout:)`` sees every command there will be.
    private let paused = Mutex<Bool>(false)
    private let sequence = Atomic<Int>(0)
    private let disconnections = Atomic<Int>(0)
    private let tasks = Mutex<[Task<Void, Never>]>([])
    private let makeCommand: @Sendable (_ sequence: Int, _ target: Target) -> ChaosCommand
    private let settled: @Sendable (_ command: ChaosCommand, _ elapsed: Duration, _ accepted: Bool) -> Void
    private let qos: MQTTQoS
    /// How this client's tokens begin: a reply without it is someone else's.
    private let tokenPrefix: String

    /// Creates the client; nothing connects until ``start(rate:)``. `makeCommand` builds command number
    /// `sequence` for a device (by default the chaos run's settings writes), `settled` hears each answered
    /// command with the time from its first attempt to the answer.
    package init(broker: MQTTBrokerURL, run: String, targets: [Target], keepAlive: Duration, attemptTimeout: Duration, deadline: Duration,
                 ledger: CommandLedger, credentials: MQTTCredentials? = nil, tls: MQTTTLSConfiguration? = nil, qos: MQTTQoS = .atLeastOnce,
                 makeCommand: (@Sendable (_ sequence: Int, _ target: Target) -> ChaosCommand)? = nil,
                 settled: @escaping @Sendable (_ command: ChaosCommand, _ elapsed: Duration, _ accepted: Bool) -> Void = { _, _, _ in }) {
        self.run = run
        self.targets = targets
        self.attemptTimeout = attemptTimeout
        self.deadline = deadline
        self.ledger = ledger
        self.qos = qos
        self.settled = settled
        tokenPrefix = makeCommand == nil ? "chaos-" : run
        self.makeCommand = makeCommand ?? { sequence, target in
            ChaosCommand.make(sequence: sequence, run: run, thing: target.thing, product: target.product)
        }
        session = MQTTSession(configuration: MQTTConfiguration(
            broker: broker, clientID: "hatch-chaos-client-\(run)", keepAlive: keepAlive, cleanSession: false, credentials: credentials, tls: tls,
            reconnect: MQTTReconnectPolicy(initialDelay: .milliseconds(100), maximumDelay: .seconds(2), queuedPublishTimeout: deadline),
            connectTimeout: keepAlive))
    }

    /// Times the session lost its connection (broker killed or hung).
    package var connectionLosses: Int { disconnections.load(ordering: .relaxed) }

    /// Connects, listens for replies, and sends `rate` commands per second until ``stop()``.
    ///
    /// With `perDevice` the client subscribes to its own devices' replies only (two filters a device)
    /// rather than to every device's: on a large fleet whose devices report all the time, the
    /// wildcards would bring it every `update/accepted` of the fleet.
    package func start(rate: Double, perDevice: Bool = false) async throws {
        let filters = perDevice
            ? targets.flatMap { target in
                let shadow = Topics.Shadow(target.thing)
                return [shadow.updateAccepted, shadow.updateRejected]
            }
            : ["$aws/things/+/shadow/update/accepted", "$aws/things/+/shadow/update/rejected",
               "$aws/things/+/shadow/get/accepted", "$aws/things/+/shadow/get/rejected",
               "hatch/things/+/routines/request/accepted", "hatch/things/+/routines/request/rejected"]
        // Registered before CONNACK, so nothing the broker kept for this persistent session is missed.
        let subscriptions = try stride(from: 0, to: filters.count, by: 200).map { start in
            try session.prepareSubscription(filters: Array(filters[start..<min(filters.count, start + 200)]), qos: .atLeastOnce)
        }
        try await session.connect()
        // Commands start once the replies are subscribed to: none of their answers is missed.
        try await session.waitForSubscriptions()
        let tokenPrefix = Data(tokenPrefix.utf8)
        var started = subscriptions.map { subscription in
            Task { [waiters] in
                let marker = Data(#""clientToken":""#.utf8) + tokenPrefix
                for await message in subscription where message.payload.range(of: marker) != nil {
                    guard let reply = ShadowReply(topic: message.topic, payload: message.payload), let token = reply.clientToken else { continue }
                    waiters.resolve(token, with: reply)
                }
            }
        }
        let states = session.connectionStates
        started.append(Task { [weak self] in
            var wasConnected = true
            for await state in states {
                let connected = state == .connected
                if wasConnected && !connected { self?.disconnections.add(1, ordering: .relaxed) }
                wasConnected = connected
            }
        })
        started.append(Task { [weak self] in await self?.sendLoop(rate: rate) })
        tasks.withLock { $0 += started }
    }

    /// Stops sending new commands (commands already sent go on until settled).
    package func pause() { paused.withLock { $0 = true } }

    /// Sends new commands again.
    package func resume() { paused.withLock { $0 = false } }

    /// Waits until every command sent is settled, at most `timeout`; returns how many are still open.
    package func drain(timeout: Duration) async -> Int {
        let end = ContinuousClock.now + timeout
        while ledger.outstanding > 0, ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(100))
        }
        return ledger.outstanding
    }

    /// Stops everything and disconnects.
    package func stop() async {
        pause()
        tasks.withLock { tasks in
            tasks.forEach { $0.cancel() }
            tasks = []
        }
        await session.disconnect()
    }

    /// The shadow document of `thing` (`/get/accepted`), or nil when no answer came within `timeout`.
    package func shadow(of thing: ThingName, timeout: Duration) async -> JSONValue? {
        let token = "chaos-\(run)-get-\(sequence.add(1, ordering: .relaxed).oldValue)"
        waiters.expect(token)
        defer { waiters.forget(token) }
        let payload = ShadowRequest.get(clientToken: token).jsonData
        let topic = Topics.Shadow(thing).get
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
            let reply = await waiters.wait(for: token, timeout: min(attemptTimeout, end - ContinuousClock.now)) { [session] in
                Task { try? await session.publish(topic, payload: payload, qos: .atLeastOnce) }
            }
            if let reply { return reply.accepted ? reply.body : nil }
        }
        return nil
    }

    private func sendLoop(rate: Double) async {
        let interval = Duration.nanoseconds(Int64(1e9 / max(0.1, rate)))
        var next = 0
        var clock = ContinuousClock.now
        while !Task.isCancelled {
            clock = clock.advanced(by: interval)
            try? await Task.sleep(until: clock)
            if ContinuousClock.now - clock > .seconds(1) { clock = .now }  // do not burst after a stall
            guard !paused.withLock({ $0 }), !targets.isEmpty else { continue }
            // The next device without a command outstanding, round robin.
            for _ in 0..<targets.count {
                let target = targets[next % targets.count]
                next += 1
                let number = sequence.add(1, ordering: .relaxed).oldValue
                let command = makeCommand(number, target)
                guard paused.withLock({ paused in !paused && ledger.begin(command) }) else { continue }
                Task { [weak self] in await self?.execute(command) }
                break
            }
        }
    }

    /// Sends `command` until it is answered or its deadline passes, always with the same token.
    private func execute(_ command: ChaosCommand) async {
        waiters.expect(command.token)
        defer { waiters.forget(command.token) }
        let begun = ContinuousClock.now
        let end = begun + deadline
        while true {
            let remaining = end - ContinuousClock.now
            guard remaining > .zero else { return ledger.settle(command.token, .failed) }
            ledger.attempted(command.token)
            let reply = await waiters.wait(for: command.token, timeout: min(attemptTimeout, remaining)) { [session, qos] in
                // Not awaited: while the broker is away the publish waits in the session's queue, and
                // the next attempt must not wait for it.
                Task { try? await session.publish(command.topic, payload: command.payload, qos: qos) }
            }
            if let reply {
                settled(command, ContinuousClock.now - begun, reply.accepted)
                return ledger.settle(command.token, reply.accepted ? .accepted(reply.body) : .rejected(reply.body))
            }
        }
    }
}

extension ChaosClient {
    /// Every device's routines `dataVersion` from the retained routine documents (waits up to `timeout`
    /// for the broker to send them all).
    package func routineDataVersions(timeout: Duration) async -> [String: Int] {
        guard let documents = try? await session.subscribe("hatch/things/+/routines", qos: .atLeastOnce) else { return [:] }
        let collected = Mutex<[String: Int]>([:])
        let reader = Task {
            for await message in documents {
                let levels = message.topic.split(separator: "/")
                guard levels.count == 4, let version = (try? JSONValue(data: message.payload))?["dataVersion"]?.intValue else { continue }
                collected.withLock { $0[String(levels[2])] = version }
            }
        }
        let end = ContinuousClock.now + timeout
        var last = -1
        // The retained documents arrive at once; stop when no new one came for half a second.
        while ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(500))
            let now = collected.withLock { $0.count }
            if now == last { break }
            last = now
        }
        try? await session.unsubscribe("hatch/things/+/routines")
        reader.cancel()
        return collected.withLock { $0 }
    }
}

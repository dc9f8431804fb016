import Foundation
import HatchDeviceModel
import HatchMQTT
import Logging
import Synchronization

/// One simulated device on the wire: a ``DeviceCore`` (firmware and its shadow service), or with
/// ``ShadowServiceMode/external`` a ``FirmwareCore`` (firmware alone), with its own MQTT session
/// (client id = thing name, last will = offline presence), its subscriptions and its fault behaviour.
///
/// The session is persistent and subscribes to its requests at QoS 1, so a request published at
/// QoS 1 while the connection was down (a broker restart, a hung broker) is delivered when the
/// device is back; a request that arrives twice is applied once when it carries a `clientToken`.
/// An applied request is saved to the state folder before its reply leaves.
public actor SimulatedDevice {
    /// What the device needs from its fleet.
    public struct Dependencies: Sendable {
        /// The fleet's clock.
        public var clock: SimulationClock
        /// Makes the MQTT session of one connection (a new one after each drop).
        public var makeSession: @Sendable (MQTTConfiguration) -> MQTTSession
        /// Broker and session settings shared by the fleet.
        public var broker: MQTTBrokerURL
        /// Shared counters.
        public var statistics: FleetStatistics
        /// Where faults and connection changes are logged.
        public var log: @Sendable (FleetEvent) -> Void
        /// The state folder, if any.
        public var store: DeviceStateStore?
        /// The identities devices connect with (anonymous by default).
        public var credentials: FleetCredentials = .anonymous
        /// Structured logs and the instruments beyond counters (silent and no-op by default).
        public var telemetry: FleetTelemetry = FleetTelemetry()
        /// The MQTT keep-alive: a hung broker is noticed after about 1.5× this, and the broker
        /// publishes the last will of a device that went silent after 1.5× this.
        public var keepAlive: Duration = .seconds(30)
        /// Told about every request with a `clientToken` the device applied or answered as a repeat.
        public var requestObserver: (@Sendable (ThingName, ClientRequest) -> Void)? = nil
        /// Told about each engine event with the simulated time it happened.
        public var engineEventObserver: (@Sendable (ThingName, EngineEvent, Date) -> Void)? = nil
        /// Who answers the device's shadow requests: the device's own local shadow, or the broker's side.
        public var shadowService: ShadowServiceMode = .internal

        /// Creates a device's dependencies on its fleet; the optional ones default to anonymous, quiet settings.
        public init(
            clock: SimulationClock,
            makeSession: @escaping @Sendable (MQTTConfiguration) -> MQTTSession,
            broker: MQTTBrokerURL,
            statistics: FleetStatistics,
            log: @escaping @Sendable (FleetEvent) -> Void,
            store: DeviceStateStore?,
            credentials: FleetCredentials = .anonymous,
            telemetry: FleetTelemetry = FleetTelemetry(),
            keepAlive: Duration = .seconds(30),
            requestObserver: (@Sendable (ThingName, ClientRequest) -> Void)? = nil,
            engineEventObserver: (@Sendable (ThingName, EngineEvent, Date) -> Void)? = nil,
            shadowService: ShadowServiceMode = .internal
        ) {
            self.clock = clock
            self.makeSession = makeSession
            self.broker = broker
            self.statistics = statistics
            self.log = log
            self.store = store
            self.credentials = credentials
            self.telemetry = telemetry
            self.keepAlive = keepAlive
            self.requestObserver = requestObserver
            self.engineEventObserver = engineEventObserver
            self.shadowService = shadowService
        }
    }

    /// The fleet's dependencies, one instance shared by every device of the fleet (100,000 copies
    /// of them would cost about 30 MB).
    final class SharedDependencies: Sendable {
        let value: Dependencies
        init(_ value: Dependencies) { self.value = value }
    }

    private let shared: SharedDependencies
    private var dependencies: Dependencies { shared.value }
    /// The fleet-file description.
    public nonisolated let spec: DeviceSpec
    /// The thing name.
    public nonisolated let thingName: ThingName
    private var core: any WireDeviceCore
    /// The thing's named shadows, which the fleet answers beside the classic shadow with the
    /// internal shadow service (apps' state; the firmware never reads them), saved with the device.
    private var namedShadows: NamedShadows
    private var namedShadowsNeedSave = false
    private var session: MQTTSession?
    /// Requests and connection ends from the broker, handed over by a task only while some wait.
    private let inbox = Mutex(DeviceInbox())
    private var generation = 0
    private var stopped = false
    private var wasOnline = false
    /// The connection fault the device is away for (`dropConnection`, `offline`, `reboot`) until it is back.
    private var connectionFault: String?
    /// When the device next has work to do: its slot in the fleet's ``DueTimes``.
    private let dueTimes: DueTimes
    private let dueSlot: Int

    /// The most replies a device lets wait for its socket before it pauses. Like a real device's
    /// small send buffer, it keeps a fleet that produces faster than its sockets drain from queueing
    /// without bound (memory) and from starving other sessions on the same event loop.
    static let queuedRepliesLimit = 4

    /// Creates the device from its spec, with settings and shadow from the state folder when saved.
    /// A corrupt state file is set aside and logged; the device then starts from its fleet file.
    public init(dependencies: Dependencies, spec: DeviceSpec) throws(DeviceStateStoreError) {
        try self.init(sharing: SharedDependencies(dependencies), spec: spec, dueTimes: DueTimes(count: 1), slot: 0)
    }

    /// Creates the device with dependencies it shares with the rest of its fleet; it keeps when it
    /// is next due in `slot` of the fleet's `dueTimes`.
    init(sharing shared: SharedDependencies, spec: DeviceSpec, dueTimes: DueTimes, slot: Int) throws(DeviceStateStoreError) {
        self.shared = shared
        self.dueTimes = dueTimes
        dueSlot = slot
        let dependencies = shared.value
        self.spec = spec
        let thingName = spec.profile.thingName
        var saved: PersistedDevice?
        switch dependencies.store?.loadOrSetAside(thingName) {
        case .loaded(let device): saved = device
        case .corrupt(let error, let aside):
            let kept = aside.map { "kept as \($0)" } ?? "could not be moved aside"
            dependencies.log(FleetEvent(thing: thingName,
                                        message: "\(error.description.components(separatedBy: ";").first ?? "\(error)"); \(kept); the device starts from its fleet file"))
        case .missing?, nil: break
        }
        let now = dependencies.clock.now
        namedShadows = NamedShadows(restoring: saved?.namedShadows)
        switch (dependencies.shadowService, saved) {
        case (.internal, let saved?): core = DeviceCore(profile: spec.profile, restoring: saved, now: now)
        case (.internal, nil): core = DeviceCore(profile: spec.profile, settings: spec.initialSettings, shadow: ShadowDocument(), now: now)
        case (.external, let saved?): core = FirmwareCore(profile: spec.profile, restoring: saved, now: now)
        case (.external, nil): core = FirmwareCore(profile: spec.profile, settings: spec.initialSettings, knownShadow: ShadowDocument(), now: now)
        }
        // The core's name, not a string of its own: a device keeps one copy of it.
        self.thingName = core.firmware.thingName
        dueTimes.set(slot, to: core.firmware.engine.nextEventDate)
    }

    /// The next simulated time the device has work to do (read without entering the actor).
    public nonisolated var nextDue: Date { dueTimes.due(dueSlot) }

    /// Whether the device is connected.
    public var isOnline: Bool { session != nil && core.firmware.engine.state.connected }

    /// The current reported state (for tests and `fleet status`).
    public var reportedState: ReportedState { core.firmware.engine.state }

    /// The stored shadow document (for tests that compare documents before and after); with an
    /// external shadow service, the device's own copy of it.
    public var shadowDocument: ShadowDocument { core.shadowDocument }

    /// The current settings (for tests).
    public var settings: DeviceSettings { core.firmware.engine.settings }

    /// The names of the faults active on the device now (`rejectUpdates`, `delayReplies`,
    /// `dropCommands`, and the connection fault it is away for), for the fleet's metrics.
    public func activeFaults(realNow: Date = Date()) -> [String] {
        var names: [String] = []
        if let connectionFault { names.append(connectionFault) }
        let faults = core.faults
        if faults.rejectUpdatesRemaining > 0 { names.append("rejectUpdates") }
        if faults.currentReplyDelay(now: realNow) > .zero { names.append("delayReplies") }
        if faults.currentDropShare(now: realNow) > 0 { names.append("dropCommands") }
        return names
    }

    /// The structured metadata of the device's log lines: thing name, MAC address and product.
    public nonisolated var logMetadata: Logger.Metadata {
        ["thing": "\(thingName.rawValue)", "mac": "\(spec.profile.macAddress.rawValue)", "product": "\(spec.profile.product.rawValue)"]
    }

    /// How long a connection attempt waits for CONNACK: a hung broker accepts the TCP connection but
    /// never answers, and the device should try again about as soon as it would notice a hang.
    static func connectTimeout(keepAlive: Duration) -> Duration {
        min(.seconds(15), max(.seconds(3), keepAlive))
    }

    /// Connects, subscribes and publishes presence, registry, records and the full state.
    public func connect() async throws {
        stopped = false
        generation += 1
        let will = core.firmware.lastWill
        let configuration = MQTTConfiguration(
            broker: dependencies.broker, clientID: thingName.rawValue, keepAlive: dependencies.keepAlive, cleanSession: false,
            credentials: dependencies.credentials.credentials(for: thingName), tls: dependencies.credentials.tls(for: thingName),
            will: MQTTWill(topic: will.topic, payload: will.payload, qos: .atLeastOnce, retain: true),
            reconnect: .disabled, connectTimeout: Self.connectTimeout(keepAlive: dependencies.keepAlive),
            qos0QueueLimit: Self.queuedRepliesLimit)
        let session = dependencies.makeSession(configuration)
        // Registered before CONNACK: the broker delivers the requests it kept for the session at once.
        // One handler for every filter, called on the event loop; the inbox holds what arrives until
        // the device has its session.
        let filters: [String]
        switch dependencies.shadowService {
        case .internal: filters = [Topics.shadowPrefix(thingName) + "/+", "hatch/things/\(thingName.rawValue)/+/request"]
        case .external: filters = core.subscriptions
        }
        let generation = self.generation
        try session.prepareSubscription(filters: filters, qos: .atLeastOnce) { [weak self] message in
            self?.arrived(message.map { .message($0, generation: generation) } ?? .ended(generation: generation))
        }
        inbox.withLock { $0.hold() }
        do {
            try await session.connect()
            // Online means subscribed: a command published once the device reports reaches it.
            try await session.waitForSubscriptions()
        } catch {
            releaseInbox()
            await session.disconnect()
            throw error
        }
        self.session = session
        releaseInbox()
        let now = dependencies.clock.now
        var messages = core.connected(now: now)
        if let routine = spec.autoStartRoutine { messages += core.autoStart(routine: routine, now: now) }
        if !wasOnline {
            dependencies.statistics.online.add(1, ordering: .relaxed)
            wasOnline = true
        }
        dependencies.telemetry.logger.debug("online", metadata: logMetadata)
        let events = core.lastEvents
        await send(messages, replying: false)
        logEngineEvents(events, at: now)
        saveIfNeeded()
        if core.awaitsShadowSync { scheduleShadowSyncRetry(attempt: 0, generation: generation) }
    }

    /// Goes offline cleanly: `connected: false` report, offline presence (reason), DISCONNECT.
    public func disconnect(reason: String = "shutdown") async {
        stopped = true
        guard let session else { return }
        let messages = core.disconnecting(reason: reason, now: dependencies.clock.now)
        await send(messages, replying: false)
        generation += 1
        self.session = nil
        await session.disconnect()
        markOffline()
        dependencies.telemetry.logger.debug("offline", metadata: logMetadata.merging(["reason": "\(reason)"]) { $1 })
        save()
    }

    /// Lets simulated time pass.
    public func tick() async {
        let now = dependencies.clock.now
        var messages = core.tick(now: now)
        if let routine = spec.autoStartRoutine { messages += core.autoStart(routine: routine, now: now) }
        dueTimes.set(dueSlot, to: core.nextEventDate)
        // Read before the send: while it waits, another tick or request may replace them.
        let events = core.lastEvents
        if session != nil { await send(messages, replying: false) }
        logEngineEvents(events, at: now)
        saveIfNeeded()
    }

    /// Answers a shadow request on the device's behalf while it is offline (the fleet's stand-in for
    /// the AWS shadow service); returns nothing while the device is online and answers itself, and
    /// nothing with an external shadow service, which answers for offline devices itself.
    public func answerWhileOffline(topic: String, payload: Data) -> [OutgoingMessage] {
        guard session == nil, var fused = core as? DeviceCore else { return [] }
        dependencies.statistics.received.add(fused.requestKind(of: topic))
        let messages = fused.receiveWhileOffline(topic: topic, payload: payload, now: dependencies.clock.now)
        core = fused
        for message in messages where message.kind == .rejected {
            dependencies.telemetry.rejected(message.payload, metadata: logMetadata)
        }
        saveIfNeeded()
        reportClientRequest()
        return messages
    }

    /// Answers a request to one of the thing's named shadows (`operation` on `name`), whether the
    /// device is online or not, as AWS IoT's shadow service does; a change is saved before its
    /// replies are returned (apps write named shadows seldom, and an offline device may not save
    /// again before the fleet stops). Nothing with an external shadow service, which keeps the named
    /// shadows itself.
    public func answerNamedShadow(_ operation: ShadowRequestDecoder.Operation, name: ShadowName, payload: Data) -> [OutgoingMessage] {
        guard dependencies.shadowService == .internal else { return [] }
        dependencies.statistics.received.add(operation.messageKind)
        let result = namedShadows.handle(operation, name: name, payload: payload, timestamp: DeviceEngine.epoch(dependencies.clock.now))
        let topics = Topics.Shadow(thingName, name: name)
        let messages = result.publications.map { OutgoingMessage(topic: $0.channel.topic(for: topics), payload: $0.encoded, kind: $0.channel.kind) }
        for message in messages where message.kind == .rejected {
            dependencies.telemetry.rejected(message.payload, metadata: logMetadata.merging(["shadow": "\(name)"]) { $1 })
        }
        if result.documentChanged {
            namedShadowsNeedSave = true
            save()
        }
        return messages
    }

    /// Injects a fault; connection faults run in the background and reconnect by themselves.
    public func inject(_ kind: FaultKind) async {
        dependencies.statistics.faults.add(1, ordering: .relaxed)
        note(.info, "fault injected: \(kind.name) \(kind.parameters.isEmpty ? "" : "\(kind.parameters)")", ["fault": "\(kind.name)"])
        switch kind {
        case .dropConnection(let after):
            await dropAbruptly(fault: kind.name)
            scheduleReconnect(after: after)
        case .offline(let seconds):
            await dropAbruptly(fault: kind.name)
            scheduleReconnect(after: seconds)
        case .reboot:
            await dropAbruptly(fault: kind.name)
            let flash = (try? dependencies.store?.load(thingName))??.settings ?? core.firmware.engine.settings
            core.restart(settings: flash, now: dependencies.clock.now)
            scheduleReconnect(after: 1)
        default:
            core.inject(kind, realNow: Date())
            await tick()
        }
    }

    /// Saves settings and shadow to the state folder now.
    public func save() {
        guard let store = dependencies.store else { return }
        do {
            var persisted = core.persisted
            persisted.namedShadows = namedShadows.persisted
            try store.save(persisted, for: thingName)
            core.needsSave = false
            namedShadowsNeedSave = false
        } catch {
            note(.error, "could not save state: \(error)")
        }
    }

    private func saveIfNeeded() {
        if core.needsSave || namedShadowsNeedSave { save() }
    }

    private func dropAbruptly(fault: String) async {
        guard let session else { return }
        connectionFault = fault
        generation += 1
        self.session = nil
        core.connectionLost()
        await session.dropConnection()
        markOffline()
        save()
    }

    private func scheduleReconnect(after seconds: Double) {
        Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            await self?.reconnectAfterFault()
        }
    }

    private func reconnectAfterFault() async {
        guard !stopped, session == nil else { return }
        do {
            try await connect()
            connectionFault = nil
            note(.info, "back online")
        } catch {
            note(.warning, "reconnect failed: \(error); retrying in 2 s")
            scheduleReconnect(after: 2)
        }
    }

    /// Asks for the shadow again while the last `get` is unanswered (a shadow service that was not
    /// yet subscribed, or restarting, never saw it), as firmware does until it is answered: after
    /// 2 s, then twice as long each time up to ``shadowSyncRetryLimit``, each delay spread by up to
    /// a quarter so that a fleet does not ask all at once.
    private func scheduleShadowSyncRetry(attempt: Int, generation: Int) {
        let base = min(Self.shadowSyncRetryLimit, Self.shadowSyncRetryFirst * Double(1 << min(attempt, 16)))
        let spread = Double(UInt(bitPattern: thingName.rawValue.hashValue &+ attempt) % 1000) / 4000
        let delay = Duration.milliseconds(Int(base * (1 + spread) * 1000))
        Task { [weak self] in
            try? await Task.sleep(for: delay)
            await self?.retryShadowSync(attempt: attempt, generation: generation)
        }
    }

    private func retryShadowSync(attempt: Int, generation: Int) async {
        guard generation == self.generation, session != nil, let request = core.shadowSyncRequest() else { return }
        await send([request], replying: false)
        scheduleShadowSyncRetry(attempt: attempt + 1, generation: generation)
    }

    /// The first wait, in seconds, before a device asks for its shadow again.
    static let shadowSyncRetryFirst = 2.0
    /// The longest wait, in seconds, between two of a device's unanswered shadow `get`s.
    static let shadowSyncRetryLimit = 8.0

    private func markOffline() {
        if wasOnline {
            dependencies.statistics.online.subtract(1, ordering: .relaxed)
            wasOnline = false
        }
    }

    /// A request or the end of the connection arrived (on the event loop): queued, and a task
    /// started to hand it over unless one is at work.
    private nonisolated func arrived(_ item: DeviceInbox.Item) {
        if inbox.withLock({ $0.add(item) }) { startDraining() }
    }

    /// Lets what arrived while connecting through (the device has its session, or none after all).
    private nonisolated func releaseInbox() {
        if inbox.withLock({ $0.release() }) { startDraining() }
    }

    private nonisolated func startDraining() {
        Task { [weak self] in await self?.drainInbox() }
    }

    /// Hands every waiting arrival to the device, in order, then ends.
    private func drainInbox() async {
        while let item = inbox.withLock({ $0.next() }) {
            switch item {
            case .message(let message, let generation): await receive(message, generation: generation)
            case .ended(let generation): await connectionEnded(generation: generation)
            }
        }
    }

    private func connectionEnded(generation: Int) async {
        guard generation == self.generation, session != nil, !stopped else { return }
        // The broker closed the connection (e.g. it restarted): behave like firmware and reconnect.
        session = nil
        core.connectionLost()
        markOffline()
        note(.warning, "connection lost; reconnecting")
        scheduleReconnect(after: 1)
    }

    private func receive(_ message: MQTTMessage, generation: Int) async {
        guard generation == self.generation, session != nil else { return }
        let kind = core.requestKind(of: message.topic)
        dependencies.statistics.received.add(kind)
        let received = kind == .shadowUpdate || kind == .delta ? ContinuousClock.now : nil
        let now = dependencies.clock.now
        let messages = core.receive(topic: message.topic, payload: message.payload, now: now, realNow: Date())
        let events = core.lastEvents
        dueTimes.set(dueSlot, to: core.nextEventDate)
        // Flash first, then the reply: an accepted request survives a crash right after it.
        saveIfNeeded()
        reportClientRequest()
        await send(messages, replying: true)
        let telemetry = dependencies.telemetry
        if let received, core.lastRequestWasCommand {
            telemetry.commandApplied(after: ContinuousClock.now - received)
            telemetry.logger.debug("command applied", metadata: logMetadata.merging(["kind": "\(kind.label)"]) { $1 })
        } else {
            telemetry.logger.trace("request answered", metadata: logMetadata.merging(["kind": "\(kind.label)"]) { $1 })
        }
        logEngineEvents(events, at: now)
        saveIfNeeded()
    }

    private func reportClientRequest() {
        if let request = core.lastClientRequest, let observer = dependencies.requestObserver { observer(thingName, request) }
    }

    /// Logs what the engine did in a tick or request at simulated time `now` — routines, sunrises, alarms,
    /// the battery — and tells the engine-event observer.
    private func logEngineEvents(_ events: [EngineEvent], at now: Date) {
        guard !events.isEmpty else { return }
        if let observer = dependencies.engineEventObserver {
            for event in events { observer(thingName, event, now) }
        }
        let logger = dependencies.telemetry.logger
        for event in events {
            switch event {
            case .routineStarted(let id): logger.info("routine started", metadata: logMetadata.merging(["routine": "\(id)"]) { $1 })
            case .routineFinished(let id): logger.info("routine finished", metadata: logMetadata.merging(["routine": "\(id)"]) { $1 })
            case .sunriseStarted(let id): logger.info("sunrise started", metadata: logMetadata.merging(["alarm": "\(id)"]) { $1 })
            case .alarmFired(let id): logger.notice("alarm fired", metadata: logMetadata.merging(["alarm": "\(id)"]) { $1 })
            case .alarmSnoozed(let id, let until):
                logger.info("alarm snoozed", metadata: logMetadata.merging(["alarm": "\(id)", "until": "\(until)"]) { $1 })
            case .alarmDismissed(let id): logger.info("alarm dismissed", metadata: logMetadata.merging(["alarm": "\(id)"]) { $1 })
            case .batteryDepleted: logger.warning("battery depleted", metadata: logMetadata)
            case .settingsChanged, .recordsChanged: break
            }
        }
    }

    /// An event worth both a log line and the fleet's event stream (`hatch/fleet/events`).
    private func note(_ level: Logger.Level, _ message: String, _ metadata: Logger.Metadata = [:]) {
        dependencies.telemetry.logger.log(level: level, "\(message)", metadata: logMetadata.merging(metadata) { $1 })
        dependencies.log(FleetEvent(thing: thingName, message: message))
    }

    private func send(_ messages: [OutgoingMessage], replying: Bool) async {
        guard let session, !messages.isEmpty else { return }
        if replying {
            let delay = core.faults.currentReplyDelay(now: Date())
            if delay > .zero { try? await Task.sleep(for: delay) }
        }
        // Retained records (presence, registry, routines, alarms) go out together at QoS 1; the
        // shadow replies follow in order at QoS 0, as AWS delivers them.
        if messages.contains(where: { $0.retain }) {
            let statistics = dependencies.statistics
            await withTaskGroup(of: Void.self) { group in
                for message in messages where message.retain {
                    group.addTask {
                        do {
                            try await session.publish(message.topic, payload: message.payload, qos: .atLeastOnce, retain: true)
                            statistics.published.add(message.kind)
                            statistics.bytesOut.add(message.body.count, ordering: .relaxed)
                        } catch {
                            statistics.publishFailures.add(1, ordering: .relaxed)
                        }
                    }
                }
            }
        }
        // Written without leaving the actor (no executor hop per message), all in one write; the
        // device waits only when its socket is backed up.
        var backedUp = false
        let acknowledged = dependencies.shadowService == .external
        let lastReply = messages.lastIndex { !$0.retain && !(acknowledged && Self.isShadowRequest($0)) }
        for (index, message) in messages.enumerated() where !message.retain {
            if acknowledged && Self.isShadowRequest(message) {
                await publishAcknowledged(message, on: session)
                continue
            }
            do {
                let more = index != lastReply
                backedUp = try !session.publishWithoutWaiting(message.topic, payload: message.body, more: more) || backedUp
                dependencies.statistics.published.add(message.kind)
                dependencies.statistics.bytesOut.add(message.body.count, ordering: .relaxed)
                if message.kind == .rejected {
                    dependencies.telemetry.rejected(message.payload, metadata: logMetadata)
                }
            } catch {
                dependencies.statistics.publishFailures.add(1, ordering: .relaxed)
            }
        }
        if backedUp { try? await session.waitForQueuedMessages() }
    }

    /// Whether `message` is the firmware's own request to its shadow service (a report or a `get`).
    private static func isShadowRequest(_ message: OutgoingMessage) -> Bool {
        message.kind == .shadowUpdate || message.kind == .shadowGet
    }

    /// Publishes a request to a shadow service elsewhere at QoS 1, in order, as device SDKs do: the
    /// broker keeps it in the service's persistent session while the service restarts, so no report is
    /// lost to a restart.
    private func publishAcknowledged(_ message: OutgoingMessage, on session: MQTTSession) async {
        let statistics = dependencies.statistics
        do {
            try await session.publish(message.topic, payload: message.payload, qos: .atLeastOnce)
            statistics.published.add(message.kind)
            statistics.bytesOut.add(message.body.count, ordering: .relaxed)
        } catch {
            statistics.publishFailures.add(1, ordering: .relaxed)
        }
    }
}

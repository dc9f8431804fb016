import Foundation
import HatchDeviceModel
import HatchMQTT
import Logging
import Synchronization

/// The AWS IoT classic shadow service for many things, on its own MQTT connection: what AWS IoT
/// Core does for real devices, for a plain broker (`hatchctl shadow-service`).
///
/// It subscribes to every thing's `shadow/get`, `/update` and `/delete` at QoS 1 through the one
/// filter `$aws/things/+/shadow/+` (replies are a level deeper, so it matches exactly those three),
/// which keeps the requests in the order they arrive: a device's report and the `get` it publishes
/// right after are answered in that order; and to the same requests of every named shadow
/// (`$aws/things/+/shadow/name/+/+`). It keeps one
/// ``DeviceShadow`` per thing and one per named shadow (versions, desired/reported/delta, metadata,
/// the `clientToken` exactly-once window) and publishes the same `/accepted`, `/rejected`,
/// `/documents` and `/delta` replies as the shadow beside each device of `fleet run`. A named
/// shadow holds whatever state an app puts there (only its shape, size and depth are checked). It answers for a device whether or not
/// the device is online; devices (``FirmwareCore``) only report and follow deltas. A document changed
/// by an update with a `clientToken` is saved atomically before its reply leaves (so the request is
/// applied once even across a crash); other changes (device reports) are saved in the background
/// while the service answers, about every second (a turn is skipped while the previous batch is still
/// being written), and every document when the service stops.
///
/// ```swift
/// let service = try ShadowService(configuration: ShadowServiceConfiguration(broker: url, stateDirectory: folder))
/// try await service.start()
/// …
/// await service.stop()
/// ```
public actor ShadowService {
    /// The configuration it was created with.
    public nonisolated let configuration: ShadowServiceConfiguration
    /// Requests received, by kind (`shadowGet`, `shadowUpdate`, `shadowDelete`).
    public nonisolated let received = MessageCounters()
    /// Replies published, by kind (`accepted`, `rejected`, `documents`, `delta`).
    public nonisolated let published = MessageCounters()
    /// Documents that could not be saved.
    public nonisolated var saveFailures: Int { writer?.failures ?? 0 }
    /// Documents saved so far (0 without a state folder).
    public nonisolated var documentsSaved: Int { writer?.writes ?? 0 }

    private let writer: ShadowDocumentWriter?
    private let eventLoop: MQTTEventLoop
    private var shadows: [ShadowKey: DeviceShadow] = [:]
    private var session: MQTTSession?
    private var listeners: [Task<Void, Never>] = []
    /// Shadows whose document changed since it was last saved.
    private var unsaved: Set<ShadowKey> = []
    /// Counts document changes; each shadow's last change is its ``generations`` entry, which a saved
    /// snapshot carries so that an older snapshot never replaces a newer one.
    private var changes = 0
    private var generations: [ShadowKey: Int] = [:]
    /// What ``thingCount``, ``isConnected`` and ``saveFailures`` read: kept outside the actor, so a
    /// metrics scrape answers at once while the service works through a backlog of requests.
    private nonisolated let things = Atomic<Int>(0)
    private nonisolated let namedShadows = Atomic<Int>(0)
    private nonisolated let connected = Atomic<Bool>(false)

    /// How often changed documents without a client token are saved.
    static let saveInterval = Duration.seconds(1)

    /// Creates the service and loads the saved documents; nothing connects yet.
    public init(configuration: ShadowServiceConfiguration, eventLoop: MQTTEventLoop = .shared) throws(ShadowServiceError) {
        self.configuration = configuration
        self.eventLoop = eventLoop
        guard let directory = configuration.stateDirectory else {
            writer = nil
            return
        }
        let store: ShadowDocumentStore
        do {
            store = try ShadowDocumentStore(directory: directory)
        } catch {
            throw .stateFolder(error)
        }
        writer = ShadowDocumentWriter(store: store, logger: configuration.logger)
        let (saved, unreadable) = store.loadAll()
        for problem in unreadable {
            configuration.logger.error("\(problem); that shadow starts without a document")
        }
        shadows = saved.mapValues { DeviceShadow(document: $0.document, recentUpdates: $0.recentUpdates) }
        let named = saved.keys.reduce(0) { $0 + ($1.name == nil ? 0 : 1) }
        things.store(saved.count - named, ordering: .relaxed)
        namedShadows.store(named, ordering: .relaxed)
    }

    /// The topic filter of the classic shadows' requests: every thing's `shadow/get`, `/update` and
    /// `/delete` (and nothing else: the replies are a level deeper). One filter, so requests stay in order.
    public static let subscription = "$aws/things/+/shadow/+"

    /// Every filter the service subscribes to: the classic shadows' requests (``subscription``) and
    /// the named shadows' (`Topics.namedShadowRequests`).
    public static let subscriptions = [subscription, Topics.namedShadowRequests]

    /// Whether `topic` is a request the service answers (`$aws/things/{thing}/shadow/get|update|delete`,
    /// or the same under `shadow/name/{shadowName}/`).
    public static func handles(_ topic: String) -> Bool { request(in: topic) != nil }

    /// The thing, the shadow name (`nil` for the classic shadow) and the operation (`get`, `update`,
    /// `delete`) of a request topic, read in one pass (this runs for every request the service
    /// receives); `nil` for any other topic.
    static func request(in topic: String) -> (thing: Substring, name: Substring?, operation: ShadowRequestDecoder.Operation)? {
        let prefix = "$aws/things/", infix = "/shadow/", named = "name/"
        guard topic.hasPrefix(prefix) else { return nil }
        let rest = topic.dropFirst(prefix.count)
        guard let thingEnd = rest.firstIndex(of: "/") else { return nil }
        let afterThing = rest[thingEnd...]
        guard afterThing.hasPrefix(infix) else { return nil }
        var operation = afterThing.dropFirst(infix.count)
        var name: Substring?
        if operation.hasPrefix(named) {
            let afterName = operation.dropFirst(named.count)
            guard let nameEnd = afterName.firstIndex(of: "/") else { return nil }
            name = afterName[..<nameEnd]
            operation = afterName[afterName.index(after: nameEnd)...]
        }
        let kind: ShadowRequestDecoder.Operation
        switch operation {
        case "get": kind = .get
        case "update": kind = .update
        case "delete": kind = .delete
        default: return nil
        }
        return (rest[..<thingEnd], name, kind)
    }

    /// How many things have a classic shadow (with a document or a version).
    public nonisolated var thingCount: Int { things.load(ordering: .relaxed) }

    /// How many named shadows the service keeps (with a document or a version).
    public nonisolated var namedShadowCount: Int { namedShadows.load(ordering: .relaxed) }

    /// Whether the service is connected and subscribed (between ``start()`` and ``stop()``).
    public nonisolated var isConnected: Bool { connected.load(ordering: .relaxed) }

    /// The stored document of `thing`'s classic shadow, or of its shadow `name`, if the service has one.
    public func document(of thing: ThingName, name: ShadowName? = nil) -> ShadowDocument? {
        shadows[ShadowKey(thing, name: name)]?.document
    }

    /// Connects, subscribes to the shadow requests of every thing and answers them until ``stop()``;
    /// returns once the broker granted the subscriptions (SUBACK), so every request published after
    /// it returns is answered.
    public func start() async throws(ShadowServiceError) {
        guard session == nil else { throw .alreadyStarted }
        let session = MQTTSession(configuration: MQTTConfiguration(
            broker: configuration.broker, clientID: configuration.clientID, keepAlive: configuration.keepAlive, cleanSession: false,
            credentials: configuration.credentials, tls: configuration.tls), eventLoop: eventLoop)
        do {
            // Registered before CONNACK: the broker delivers the requests it kept for the session at once.
            let requests = try session.prepareSubscription(filters: Self.subscriptions, qos: .atLeastOnce)
            try await session.connect()
            // Serving means subscribed: a report published once this returns reaches the service.
            try await session.waitForSubscriptions()
            self.session = session
            connected.store(true, ordering: .relaxed)
            listeners = [Task { [weak self] in
                for await message in requests {
                    await self?.answer(message, on: session)
                }
            }, Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: Self.saveInterval)
                    await self?.saveUnsaved()
                }
            }]
        } catch {
            await session.disconnect()
            throw .broker(url: configuration.broker.description, reason: "\(error)")
        }
        configuration.logger.info("serving shadows", metadata: ["broker": "\(configuration.broker)", "things": "\(thingCount)",
                                                                "namedShadows": "\(namedShadowCount)"])
    }

    /// Stops answering, disconnects and saves every document.
    public func stop() async {
        listeners.forEach { $0.cancel() }
        listeners = []
        if let session {
            self.session = nil
            connected.store(false, ordering: .relaxed)
            await session.disconnect()
        }
        await writer?.finishBackgroundWrites()
        for key in shadows.keys { save(key) }
    }

    /// The replies to one request on `topic` (`$aws/things/{thing}/shadow/get|update|delete`, or
    /// the same of a named shadow), as the service publishes them; nothing for any other topic or an
    /// invalid thing or shadow name. An update applied with a `clientToken` is saved before this
    /// returns; other changes with the next batch. A classic shadow's state is checked against the
    /// Restore family's `StateSchema.shadowState`; a named shadow's holds any fields.
    public func handle(topic: String, payload: Data, realNow: Date = Date()) -> [OutgoingMessage] {
        guard let request = Self.request(in: topic), let thing = ThingName(validating: String(request.thing)) else {
            configuration.logger.warning("ignored a message on \(topic): not a shadow get, update or delete of a valid thing name")
            return []
        }
        var name: ShadowName?
        if let text = request.name {
            guard let valid = ShadowName(validating: String(text)) else {
                configuration.logger.warning("ignored a message on \(topic): the shadow name must be 1 to \(ShadowName.maximumLength) of a-z A-Z 0-9 : _ - $")
                return []
            }
            name = valid
        }
        let key = ShadowKey(thing, name: name)
        let timestamp = DeviceEngine.epoch(configuration.now())
        let known = shadows.removeValue(forKey: key)
        var shadow = known ?? DeviceShadow()
        let operation = request.operation
        received.add(operation.messageKind)
        let result = shadow.handle(operation, payload: payload, timestamp: timestamp, name: name,
                                   schema: name == nil ? .shadowState : .anyObject, realNow: realNow)
        let kept = shadow.document.exists || shadow.document.version > 0 || result.documentChanged
        if kept { shadows[key] = shadow }
        if (known != nil) != kept {
            if name == nil { things.add(kept ? 1 : -1, ordering: .relaxed) } else { namedShadows.add(kept ? 1 : -1, ordering: .relaxed) }
        }
        if result.documentChanged || result.appliedClientToken != nil {
            changes += 1
            generations[key] = changes
        }
        if result.appliedClientToken != nil {
            save(key)
        } else if result.documentChanged {
            unsaved.insert(key)
        }
        let topics = key.topics
        let messages = result.publications.map { OutgoingMessage(topic: $0.channel.topic(for: topics), payload: $0.encoded, kind: $0.channel.kind) }
        for message in messages where message.kind == .rejected {
            configuration.logger.debug("rejected", metadata: ["shadow": "\(key)", "reply": "\(String(decoding: message.payload, as: UTF8.self))"])
        }
        return messages
    }


    private func answer(_ message: MQTTMessage, on session: MQTTSession) async {
        let replies = handle(topic: message.topic, payload: message.payload)
        // A request that reaches the actor once ``stop()`` began is applied (and saved with the rest),
        // but its replies would queue behind the DISCONNECT and never leave: neither sent nor counted.
        guard self.session === session else { return }
        var backedUp = false
        for (index, reply) in replies.enumerated() {
            do {
                backedUp = try !session.publishWithoutWaiting(reply.topic, payload: reply.payload, more: index < replies.count - 1) || backedUp
                published.add(reply.kind)
            } catch {
                configuration.logger.warning("could not publish \(reply.topic): \(error)")
            }
        }
        if backedUp { try? await session.waitForQueuedMessages() }
    }

    /// Hands the documents changed since the last save to the writer, which writes them while the
    /// service answers; while it still writes the previous ones, they wait for the next turn.
    private func saveUnsaved() {
        guard let writer, !unsaved.isEmpty else { return }
        let batch = unsaved.compactMap(snapshot)
        if writer.writeInBackground(batch) { unsaved.removeAll(keepingCapacity: true) }
    }

    /// Saves a shadow's document now, before anything else happens.
    private func save(_ key: ShadowKey) {
        unsaved.remove(key)
        guard let writer, let snapshot = snapshot(of: key) else { return }
        writer.write(snapshot)
    }

    private func snapshot(of key: ShadowKey) -> ShadowDocumentWriter.Snapshot? {
        guard let shadow = shadows[key] else { return nil }
        return ShadowDocumentWriter.Snapshot(shadowKey: key, generation: generations[key, default: 0],
                                             shadow: PersistedShadow(document: shadow.document, recentUpdates: shadow.recentUpdates))
    }
}

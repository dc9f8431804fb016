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
/// right after are answered in that order. It keeps one
/// ``DeviceShadow`` per thing (versions, desired/reported/delta, metadata, the `clientToken`
/// exactly-once window) and publishes the same `/accepted`, `/rejected`, `/documents` and `/delta`
/// replies as the shadow beside each device of `fleet run`. It answers for a device whether or not
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
    private var shadows: [ThingName: DeviceShadow] = [:]
    private var session: MQTTSession?
    private var listeners: [Task<Void, Never>] = []
    /// Things whose document changed since it was last saved.
    private var unsaved: Set<ThingName> = []
    /// Counts document changes; each thing's last change is its ``generations`` entry, which a saved
    /// snapshot carries so that an older snapshot never replaces a newer one.
    private var changes = 0
    private var generations: [ThingName: Int] = [:]
    /// What ``thingCount``, ``isConnected`` and ``saveFailures`` read: kept outside the actor, so a
    /// metrics scrape answers at once while the service works through a backlog of requests.
    private nonisolated let things = Atomic<Int>(0)
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
            configuration.logger.error("\(problem); that thing starts without a document")
        }
        shadows = saved.mapValues { DeviceShadow(document: $0.document, recentUpdates: $0.recentUpdates) }
        things.store(shadows.count, ordering: .relaxed)
    }

    /// The topic filter the service subscribes to: every thing's `shadow/get`, `/update` and `/delete`
    /// (and nothing else: the replies are a level deeper). One filter, so requests stay in order.
    public static let subscription = "$aws/things/+/shadow/+"

    /// Whether `topic` is a request the service answers (`$aws/things/{thing}/shadow/get|update|delete`).
    public static func handles(_ topic: String) -> Bool { request(in: topic) != nil }

    /// The thing and the operation (`get`, `update`, `delete`) of a request topic, read in one pass
    /// (this runs for every request the service receives); `nil` for any other topic.
    static func request(in topic: String) -> (thing: Substring, operation: Substring)? {
        let prefix = "$aws/things/", infix = "/shadow/"
        guard topic.hasPrefix(prefix) else { return nil }
        let rest = topic.dropFirst(prefix.count)
        guard let thingEnd = rest.firstIndex(of: "/") else { return nil }
        let afterThing = rest[thingEnd...]
        guard afterThing.hasPrefix(infix) else { return nil }
        let operation = afterThing.dropFirst(infix.count)
        guard operation == "get" || operation == "update" || operation == "delete" else { return nil }
        return (rest[..<thingEnd], operation)
    }

    /// How many things have a shadow (with a document or a version).
    public nonisolated var thingCount: Int { things.load(ordering: .relaxed) }

    /// Whether the service is connected and subscribed (between ``start()`` and ``stop()``).
    public nonisolated var isConnected: Bool { connected.load(ordering: .relaxed) }

    /// The stored document of `thing`, if the service has one.
    public func document(of thing: ThingName) -> ShadowDocument? { shadows[thing]?.document }

    /// Connects, subscribes to the shadow requests of every thing and answers them until ``stop()``.
    public func start() async throws(ShadowServiceError) {
        guard session == nil else { throw .alreadyStarted }
        let session = MQTTSession(configuration: MQTTConfiguration(
            broker: configuration.broker, clientID: configuration.clientID, keepAlive: configuration.keepAlive, cleanSession: false,
            credentials: configuration.credentials, tls: configuration.tls), eventLoop: eventLoop)
        do {
            // Registered before CONNACK: the broker delivers the requests it kept for the session at once.
            let requests = try session.prepareSubscription(Self.subscription, qos: .atLeastOnce)
            try await session.connect()
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
        configuration.logger.info("serving shadows", metadata: ["broker": "\(configuration.broker)", "things": "\(shadows.count)"])
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
        for thing in shadows.keys { save(thing) }
    }

    /// The replies to one request on `topic` (`$aws/things/{thing}/shadow/get|update|delete`), as
    /// the service publishes them; nothing for any other topic or an invalid thing name. An update
    /// applied with a `clientToken` is saved before this returns; other changes with the next batch.
    public func handle(topic: String, payload: Data, realNow: Date = Date()) -> [OutgoingMessage] {
        guard let request = Self.request(in: topic), let thing = ThingName(validating: String(request.thing)) else {
            configuration.logger.warning("ignored a message on \(topic): not a shadow get, update or delete of a valid thing name")
            return []
        }
        let timestamp = DeviceEngine.epoch(configuration.now())
        var shadow = shadows.removeValue(forKey: thing) ?? DeviceShadow()
        let result: ShadowResult
        switch request.operation {
        case "update":
            received.add(.shadowUpdate)
            result = shadow.update(payload: payload, timestamp: timestamp, realNow: realNow)
        case "get":
            received.add(.shadowGet)
            result = shadow.get(payload: payload, timestamp: timestamp)
        default:
            received.add(.shadowDelete)
            result = shadow.delete(payload: payload, timestamp: timestamp)
        }
        if shadow.document.exists || shadow.document.version > 0 || result.documentChanged { shadows[thing] = shadow }
        things.store(shadows.count, ordering: .relaxed)
        if result.documentChanged || result.appliedClientToken != nil {
            changes += 1
            generations[thing] = changes
        }
        if result.appliedClientToken != nil {
            save(thing)
        } else if result.documentChanged {
            unsaved.insert(thing)
        }
        let topics = Topics.Shadow(thing)
        let messages = result.publications.map { OutgoingMessage(topic: $0.channel.topic(for: topics), payload: $0.encoded, kind: $0.channel.kind) }
        for message in messages where message.kind == .rejected {
            configuration.logger.debug("rejected", metadata: ["thing": "\(thing)", "reply": "\(String(decoding: message.payload, as: UTF8.self))"])
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

    /// Saves a thing's document now, before anything else happens.
    private func save(_ thing: ThingName) {
        unsaved.remove(thing)
        guard let writer, let snapshot = snapshot(of: thing) else { return }
        writer.write(snapshot)
    }

    private func snapshot(of thing: ThingName) -> ShadowDocumentWriter.Snapshot? {
        guard let shadow = shadows[thing] else { return nil }
        return ShadowDocumentWriter.Snapshot(thing: thing, generation: generations[thing, default: 0],
                                             shadow: PersistedShadow(document: shadow.document, recentUpdates: shadow.recentUpdates))
    }
}

import Foundation
import HatchDeviceModel
import HatchMQTT
import HatchIoTDeviceConnectionStateClient
import Synchronization

/// The dashboard's state and its batching: the clients' reports go in (``update(_:_:)``,
/// ``record(topic:payload:at:)``), and every ``batchInterval`` the cards that changed and the newest
/// log messages go out to every open page as one ``DashboardBatch``. However fast a fleet reports,
/// a page gets at most one batch per interval, each card in it once.
package final class DashboardEngine: Sendable {
    /// The most log messages one batch carries; older ones of a busy interval are skipped.
    package static let logBatchLimit = 200
    /// The messages the engine keeps for a page that opens later.
    package static let logCapacity = 500

    /// Seconds of real time between two samples of the fleet timeline.
    package static let fleetSampleSeconds = 5.0
    /// Fleet samples kept: an hour of real time.
    package static let fleetSampleCapacity = 720

    /// How often batches go out.
    package let batchInterval: Duration
    /// The shadows of the devices whose panel a page has open.
    package let shadows = DashboardShadows()
    private let simulation: (@Sendable () -> SimulationStatus?)?
    private let state: Mutex<State>

    /// An open page's stream, and its log filter with the matching messages not sent yet.
    private struct Subscriber {
        var continuation: AsyncStream<DashboardBatch>.Continuation
        var filter: LogTopicFilter?
        var pending: [MessageLogEntry] = []
    }

    private struct State {
        var snapshots: [String: DeviceSnapshot] = [:]
        /// Thing names in display order (name, then MAC).
        var order: [String] = []
        var cards: [String: DeviceCard] = [:]
        var dirty: Set<String> = []
        /// Redrawn cards that changed and have not gone out yet.
        var unsent: Set<String> = []
        var log = RingBuffer<MessageLogEntry>(capacity: DashboardEngine.logCapacity)
        /// The kept messages' whole payloads, for the tree view.
        var payloads = RingBuffer<(sequence: Int, topic: String, payload: Data)>(capacity: DashboardEngine.logCapacity)
        var pendingLog: [MessageLogEntry] = []
        var sequence = 0
        var subscribers: [UInt64: Subscriber] = [:]
        var nextSubscriber: UInt64 = 0
        /// Set by ``finish()``: later streams end after their first batch.
        var finished = false
        var timeline = DeviceTimeline()
        var fleetTimeline = RingBuffer<FleetTimelinePoint>(capacity: DashboardEngine.fleetSampleCapacity)
        var lastFleetSample: (at: ContinuousClock.Instant, sequence: Int)?
    }

    /// An engine for `devices`; `simulation` reads the simulated clock for each batch, when there is one.
    package init(devices: [DashboardDevice], batchInterval: Duration = .milliseconds(250),
                simulation: (@Sendable () -> SimulationStatus?)? = nil) {
        self.batchInterval = batchInterval
        self.simulation = simulation
        var initial = State()
        for device in devices {
            let snapshot = DeviceSnapshot(device: device)
            initial.snapshots[device.thingName.rawValue] = snapshot
            initial.cards[device.thingName.rawValue] = snapshot.card
        }
        initial.order = devices
            .sorted { ($0.name.lowercased(), $0.macAddress.rawValue) < ($1.name.lowercased(), $1.macAddress.rawValue) }
            .map(\.thingName.rawValue)
        state = Mutex(initial)
    }

    /// The devices, in display order.
    package var devices: [DashboardDevice] {
        state.withLock { state in state.order.compactMap { state.snapshots[$0]?.device } }
    }

    /// Changes what the engine knows of a device; its card goes out with the next batch if it changed.
    /// An unknown thing is ignored.
    package func update(_ thing: ThingName, _ change: (inout DeviceSnapshot) -> Void) {
        state.withLock { state in
            guard var snapshot = state.snapshots[thing.rawValue] else { return }
            change(&snapshot)
            state.snapshots[thing.rawValue] = snapshot
            state.dirty.insert(thing.rawValue)
        }
    }

    /// Adds an MQTT message to the log (and a shadow reply to a watched device's panel).
    package func record(topic: String, payload: Data, at time: Date = Date()) {
        shadows.observe(topic: topic, payload: payload)
        state.withLock { state in
            state.sequence += 1
            let entry = MessageLogEntry.classify(topic: topic, payload: payload, sequence: state.sequence, time: time)
            state.log.append(entry)
            state.payloads.append((state.sequence, topic, payload))
            Self.keep(entry, in: &state.pendingLog)
            for (id, subscriber) in state.subscribers where subscriber.filter?.matches(topic) == true {
                Self.keep(entry, in: &state.subscribers[id, default: subscriber].pending)
            }
        }
    }

    /// Every card, in display order (drawn from the latest reports).
    package func cards() -> [DeviceCard] {
        let now = timelineNow(simulation?())
        return state.withLock { state in
            Self.redraw(&state, now: now)
            return state.order.compactMap { state.cards[$0] }
        }
    }

    /// The card of `thing`, when the engine knows it.
    package func card(_ thing: String) -> DeviceCard? {
        let now = timelineNow(simulation?())
        return state.withLock { state in
            Self.redraw(&state, now: now)
            return state.cards[thing]
        }
    }

    /// Opens a live stream for one page: a full batch first, then the batches of ``flush()``. The
    /// stream ends when the engine is shut down (``finish()``) or the consumer stops.
    package func subscribe() -> AsyncStream<DashboardBatch> {
        let (stream, continuation) = AsyncStream<DashboardBatch>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let simulation = simulation?()
        let now = timelineNow(simulation)
        let id = state.withLock { state -> UInt64 in
            Self.redraw(&state, now: now)
            let products = Set(state.snapshots.values.map(\.device.product))
            let sounds = Dictionary(uniqueKeysWithValues: products.map { product in
                (product.rawValue, product.sounds.sounds.map { DeviceCard.SoundChoice(id: $0.id, name: $0.name) })
            })
            let id = state.finished ? 0 : state.nextSubscriber + 1
            var first = DashboardBatch(full: true, cards: state.order.compactMap { state.cards[$0] },
                                       log: Array(state.log.elements.suffix(Self.logBatchLimit)),
                                       simulation: simulation, sounds: sounds)
            first.subscriber = id
            continuation.yield(first)
            if state.finished {
                continuation.finish()
                return 0
            }
            state.nextSubscriber = id
            state.subscribers[id] = Subscriber(continuation: continuation)
            return id
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// The connection state of `thing` as its client last reported it.
    package func connection(of thing: ThingName) -> IoTDeviceConnectionState? {
        state.withLock { $0.snapshots[thing.rawValue]?.connection }
    }

    /// Kept message `sequence` whole, with the one before it on its topic; `nil` once it is no longer kept.
    package func message(_ sequence: Int) -> LoggedMessage? {
        state.withLock { state in
            let kept = state.payloads.elements
            guard let index = kept.firstIndex(where: { $0.sequence == sequence }) else { return nil }
            let message = kept[index]
            let previous = kept[..<index].last { $0.topic == message.topic }
            return LoggedMessage(sequence: sequence, topic: message.topic, payload: message.payload, previous: previous?.payload)
        }
    }

    /// Sets the log filter of stream `subscriber` (the `subscriber` of its first batch); an empty one
    /// shows every message again. Its next batch carries the kept messages that match. Returns `false`
    /// for a stream that is not open.
    @discardableResult
    package func setLogFilter(_ text: String, for subscriber: UInt64) -> Bool {
        state.withLock { state in
            guard state.subscribers[subscriber] != nil else { return false }
            let filter = LogTopicFilter(text)
            state.subscribers[subscriber]?.filter = filter
            state.subscribers[subscriber]?.pending = filter.map { filter in
                Array(state.log.elements.filter { filter.matches($0.topic) }.suffix(Self.logBatchLimit))
            } ?? []
            return true
        }
    }

    /// The number of open streams.
    package var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Sends what changed since the last batch to every open stream, and returns it (`nil` when
    /// nothing changed and no clock runs).
    @discardableResult
    package func flush() -> DashboardBatch? {
        let simulation = simulation?()
        let now = timelineNow(simulation)
        return state.withLock { state -> DashboardBatch? in
            Self.redraw(&state, now: now)
            Self.sampleFleet(&state, now: now)
            let changed = Self.takeUnsent(&state)
            let log = state.pendingLog.suffix(Self.logBatchLimit)
            state.pendingLog.removeAll(keepingCapacity: true)
            let batch = DashboardBatch(full: false, cards: changed, log: Array(log), simulation: simulation)
            for (id, subscriber) in state.subscribers {
                var own = batch
                if subscriber.filter != nil {
                    own.log = Array(subscriber.pending.suffix(Self.logBatchLimit))
                    state.subscribers[id]?.pending.removeAll(keepingCapacity: true)
                }
                if !own.isEmpty || simulation != nil { subscriber.continuation.yield(own) }
            }
            guard !batch.isEmpty || simulation != nil else { return nil }
            return batch
        }
    }

    /// Flushes every ``batchInterval`` until the task is cancelled, then ends every stream.
    package func runBatches() async {
        while !Task.isCancelled {
            do { try await Task.sleep(for: batchInterval) } catch { break }
            flush()
        }
        finish()
    }

    /// Ends every open stream, and every stream opened later after its first batch (the server is
    /// shutting down).
    package func finish() {
        let continuations = state.withLock { state in
            state.finished = true
            defer { state.subscribers.removeAll() }
            return state.subscribers.values.map(\.continuation)
        }
        for continuation in continuations { continuation.finish() }
    }

    /// The timeline of `thing`: its points, oldest first, and the names their `playing` indexes.
    package func timeline(of thing: String) -> DeviceTimelineReply {
        state.withLock { DeviceTimelineReply(thing: thing, names: $0.timeline.names, points: $0.timeline.points(of: thing)) }
    }

    /// The fleet's samples, oldest first.
    package func fleetTimeline() -> [FleetTimelinePoint] {
        state.withLock { $0.fleetTimeline.elements }
    }

    /// Now on the timelines' axis: the simulated clock's time beside a simulated fleet, else real time.
    private func timelineNow(_ simulation: SimulationStatus?) -> Int64 {
        let date = simulation.flatMap { try? Date($0.time, strategy: .iso8601) } ?? Date()
        return Int64(date.timeIntervalSince1970)
    }

    /// Draws the cards of the dirty devices; those that changed wait in `unsent` for the next batch
    /// and go on their device's timeline at `now`.
    private static func redraw(_ state: inout State, now: Int64) {
        guard !state.dirty.isEmpty else { return }
        for thing in state.dirty {
            guard let card = state.snapshots[thing]?.card, state.cards[thing] != card else { continue }
            state.cards[thing] = card
            state.unsent.insert(thing)
            state.timeline.record(card, at: now)
        }
        state.dirty.removeAll(keepingCapacity: true)
    }

    /// Appends `entry` to messages waiting for a batch, keeping the newest ``logBatchLimit`` once
    /// twice that many wait (a batch carries no more).
    private static func keep(_ entry: MessageLogEntry, in pending: inout [MessageLogEntry]) {
        pending.append(entry)
        if pending.count > 2 * logBatchLimit { pending.removeFirst(pending.count - logBatchLimit) }
    }

    /// Adds a fleet sample when ``fleetSampleSeconds`` passed since the last.
    private static func sampleFleet(_ state: inout State, now: Int64) {
        let instant = ContinuousClock.now
        if let last = state.lastFleetSample, (instant - last.at) < .seconds(fleetSampleSeconds) { return }
        var online = 0, lit = 0, playing = 0
        for card in state.cards.values {
            if card.presence == "online" { online += 1 }
            if card.light?.on == true { lit += 1 }
            if card.playing != "nothing" && card.playing != "-" { playing += 1 }
        }
        let rate = state.lastFleetSample.map { last in
            Double(state.sequence - last.sequence) / max(0.001, (instant - last.at).seconds)
        } ?? 0
        state.fleetTimeline.append(FleetTimelinePoint(t: now, online: online, lit: lit, playing: playing, messagesPerSecond: rate))
        state.lastFleetSample = (instant, state.sequence)
    }

    /// The changed cards not sent yet, in display order.
    private static func takeUnsent(_ state: inout State) -> [DeviceCard] {
        let changed = state.unsent
        state.unsent.removeAll(keepingCapacity: true)
        guard !changed.isEmpty else { return [] }
        if changed.count * 8 < state.order.count {
            return changed.compactMap { state.cards[$0] }.sorted { $0.name.lowercased() < $1.name.lowercased() }
        }
        return state.order.filter { changed.contains($0) }.compactMap { state.cards[$0] }
    }
}

import Foundation
import HatchDeviceModel
import HatchSeededRandom

/// The firmware role of one simulated device, without I/O: the behaviour engine, its faults, its
/// retained presence, registry and record documents, the answers to routine and alarm requests,
/// and what it reports to its shadow (`state.reported`, and `null`s that clear the `desired`
/// fields it applied).
///
/// It never answers a shadow request: that is the shadow service's role (``DeviceShadow``). Two
/// compositions drive it: ``DeviceCore`` puts it beside a local ``DeviceShadow`` (the fused path of
/// `fleet run` on a plain broker, no broker hop between the two), and ``FirmwareCore`` puts it on the
/// wire alone, for a broker whose shadow service answers (AWS IoT Core, `hatchctl shadow-service`).
public struct DeviceFirmware: Sendable {
    /// Behaviour.
    public internal(set) var engine: DeviceEngine
    /// Active faults.
    public var faults = DeviceFaultState()
    /// Settings (flash) or client tokens changed since the last save.
    public var needsSave = false
    /// What the engine did in the last tick, delta or record request.
    public internal(set) var lastEvents: [EngineEvent] = []
    /// The request with a `clientToken` handled last (a record request here, a shadow update where a
    /// local shadow service answers), if the last message was one.
    public internal(set) var lastClientRequest: ClientRequest?
    /// Whether the last message was a command the device acted on (a delta it applied): the fleet
    /// times those from request to report.
    public internal(set) var lastRequestWasCommand = false
    /// The client tokens of recently accepted routine requests.
    public private(set) var recentRoutineRequests = ClientTokenWindow<AcceptedRecordRequest>()
    /// The client tokens of recently accepted alarm requests.
    public private(set) var recentAlarmRequests = ClientTokenWindow<AcceptedRecordRequest>()
    /// Shadow topics.
    public let shadowTopics: Topics.Shadow
    /// Routine record topics (made when asked: a record request or document is rare, and a fleet
    /// of 100,000 need not keep two more strings per device for it).
    public var routineTopics: Topics.Records { Topics.routines(thingName) }
    /// Alarm record topics (made when asked, as ``routineTopics``).
    public var alarmTopics: Topics.Records { Topics.alarms(thingName) }
    /// Random generator for dropping commands.
    var dropRandom: SeededRandom
    /// The state of the last report and the shadow's reported generation after it: while nobody
    /// else wrote `state.reported`, the next report compares typed fields against it.
    private var lastReport: (state: ReportedState, generation: Int)?
    /// Whether a report of values alone is written leaf by leaf (``reportLeaves(into:as:)``);
    /// tests turn it off to compare it with the same report made as a patch.
    var writesLeaves = true

    /// Creates the firmware from flash (settings).
    public init(profile: DeviceProfile, settings: DeviceSettings, now: Date) {
        engine = DeviceEngine(profile: profile, settings: settings, now: now)
        shadowTopics = Topics.Shadow(profile.thingName)
        dropRandom = SeededRandom(seed: profile.seed ^ 0xD0D0)
    }

    /// Restores the record-request token windows saved in the state folder.
    public mutating func restoreRecentRequests(_ saved: RecentClientRequests?) {
        recentRoutineRequests = saved?.routines ?? ClientTokenWindow()
        recentAlarmRequests = saved?.alarms ?? ClientTokenWindow()
    }

    /// The device's thing name.
    public var thingName: ThingName { shadowTopics.thing }

    /// The last will: retained `offline` presence with reason `connectionLost`.
    public var lastWill: OutgoingMessage {
        OutgoingMessage(topic: Topics.presence(thingName),
                        payload: PresenceRecord(state: .offline, thingName: thingName, reason: "connectionLost").jsonValue.jsonData, retain: true,
                        kind: .presence)
    }

    /// The retained messages of a connection: online presence, registry and both record documents.
    public mutating func online(now: Date) -> [OutgoingMessage] {
        engine.setConnected(true)
        return [
            OutgoingMessage(topic: Topics.presence(thingName),
                            payload: PresenceRecord(state: .online, thingName: thingName, timestamp: DeviceEngine.epoch(now)).jsonValue.jsonData,
                            retain: true, kind: .presence),
            OutgoingMessage(topic: Topics.registry(thingName), payload: engine.profile.registryRecord.jsonValue.jsonData, retain: true,
                            kind: .registry),
            recordsMessage(.routines), recordsMessage(.alarms),
        ]
    }

    /// Marks the device offline and returns its retained offline presence (`reason`: shutdown or reboot).
    public mutating func offline(reason: String, now: Date) -> OutgoingMessage {
        engine.setConnected(false)
        return OutgoingMessage(topic: Topics.presence(thingName),
                               payload: PresenceRecord(state: .offline, thingName: thingName, reason: reason,
                                                       timestamp: DeviceEngine.epoch(now)).jsonValue.jsonData,
                               retain: true, kind: .presence)
    }

    /// The retained record document of `kind`.
    public func recordsMessage(_ kind: RecordKind) -> OutgoingMessage {
        switch kind {
        case .routines:
            return OutgoingMessage(topic: routineTopics.document, payload: RecordPayloadCache.payload(engine.settings.routines), retain: true, kind: .records)
        case .alarms:
            return OutgoingMessage(topic: alarmTopics.document, payload: RecordPayloadCache.payload(engine.settings.alarms), retain: true, kind: .records)
        }
    }

    /// Lets simulated time pass; returns the record documents that changed (the report follows separately).
    public mutating func advance(to now: Date) -> [OutgoingMessage] {
        let events = engine.advance(to: now)
        lastEvents = events
        return handle(events: events)
    }

    /// Forgets what the previous message did, before the next one is handled.
    mutating func beginMessage() {
        lastEvents = []
        lastClientRequest = nil
        lastRequestWasCommand = false
    }

    /// Whether an injected `dropCommands` fault swallows the request that just arrived.
    public mutating func dropsRequest(realNow: Date) -> Bool {
        let share = faults.currentDropShare(now: realNow)
        return share > 0 && Double(dropRandom.next() % 1_000_000) / 1_000_000 < share
    }

    /// Applies a delta (`state` of `/update/delta`, or `state.delta` of `/get/accepted`); returns the
    /// record documents that changed and the outcome, whose applied fields the next report clears.
    public mutating func apply(delta: JSONValue, now: Date) -> (messages: [OutgoingMessage], outcome: CommandOutcome) {
        let outcome = engine.apply(desired: delta, at: now)
        lastEvents = outcome.events
        return (handle(events: outcome.events), outcome)
    }

    /// What the firmware reports now against its shadow as `shadow` holds it: the changed part of
    /// `state.reported`, and the `desired` patch that clears what `outcome` applied (and desired
    /// fields the reported state already satisfies). `nil` when there is nothing to say. Call
    /// ``reported(generation:)`` once the report is applied to that shadow.
    public mutating func report(clearing outcome: CommandOutcome?, against shadow: DeviceShadow) -> FirmwareReport? {
        var changes: JSONValue?
        if engine.stateChanged {
            changes = reportedChanges(against: shadow)
            engine.stateChanged = false
        }
        var desiredPatch: JSONValue?
        if let outcome, outcome.applied != .emptyObject {
            desiredPatch = outcome.unapplied == .emptyObject ? .null : outcome.clearingPatch
        }
        // A command that changed nothing (the device already was so) raised no delta, so the device
        // never cleared it; it clears such satisfied fields with its next report, or a later
        // schedule edge would bring the stale command back in the next delta.
        if changes != nil || desiredPatch != nil, desiredPatch != .null, let desired = shadow.document.desired,
           let reported = shadow.document.reported, let satisfied = desired.satisfiedPatch(by: reported) {
            desiredPatch = desiredPatch.map { $0.combinedPatch(with: satisfied) } ?? satisfied
        }
        guard changes != nil || desiredPatch != nil else { return nil }
        return FirmwareReport(desired: desiredPatch, reported: changes)
    }

    /// Where a report written leaf by leaf goes (``reportLeaves(into:as:)``).
    enum LeafReportTarget {
        /// A local shadow service's document: the report is answered with its replies.
        case service(timestamp: Int)
        /// The device's own copy of its shadow: the report is its `shadow/update` request.
        case copy(timestamp: Int)
    }

    /// A report written leaf by leaf: the replies of a local shadow service, or the device's request.
    enum LeafReport {
        case replies(DeviceShadow.LeafReplies)
        case request(Data)
    }

    /// Reports a change of values alone (``ReportedLeaf``: a routine step, the battery, the signal)
    /// without building a patch: the changed leaves are set in `shadow` (a local shadow service's
    /// document or the device's own copy of it, as `target` says), and what the report publishes is
    /// returned. `nil`, changing nothing, when the report is any other kind or anyone else wrote
    /// `state.reported` since the last one: ``report(clearing:against:)`` makes those.
    mutating func reportLeaves(into shadow: inout DeviceShadow, as target: LeafReportTarget) -> LeafReport? {
        guard writesLeaves, engine.stateChanged, let generation = lastReport?.generation, generation == shadow.reportedGeneration,
              let shape = shadow.document.reportedStore.shape else { return nil }
        let capacity = ReportedLeaf.allCases.count
        let report = withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { leaves in
            withUnsafeTemporaryAllocation(of: JSONValue.self, capacity: capacity) { values -> LeafReport? in
                var count = 0, everyLeafFound = true
                let table = shape.reportedLeaves
                let onlyValues = engine.state.forEachChangedLeaf(from: lastReport.unsafelyUnwrapped.state) { leaf, value in
                    let found = table[leaf.rawValue]
                    guard found >= 0, everyLeafFound else {
                        everyLeafFound = false
                        return
                    }
                    leaves[count] = found
                    (values.baseAddress.unsafelyUnwrapped + count).initialize(to: value)
                    count &+= 1
                }
                defer { _ = values.baseAddress.unsafelyUnwrapped.deinitialize(count: count) }
                guard onlyValues, everyLeafFound, count > 0 else { return nil }
                let changed = UnsafeBufferPointer(rebasing: leaves[0..<count]), newValues = UnsafeBufferPointer(rebasing: values[0..<count])
                switch target {
                case .service(let timestamp): return shadow.applyReported(leaves: changed, values: newValues, timestamp: timestamp).map(LeafReport.replies)
                case .copy(let timestamp): return shadow.recordReported(leaves: changed, values: newValues, timestamp: timestamp).map(LeafReport.request)
                }
            }
        }
        guard let report else { return nil }
        engine.stateChanged = false
        // Only these differed: the last report's state becomes the engine's without a copy of the rest.
        lastReport?.state.current = engine.state.current
        lastReport?.state.deviceInfo.b = engine.state.deviceInfo.b
        lastReport?.state.rssi = engine.state.rssi
        lastReport?.generation = shadow.reportedGeneration
        return report
    }

    /// Notes that the last report reached the shadow, whose reported generation is now `generation`.
    public mutating func reported(generation: Int) {
        lastReport = (engine.state, generation)
    }

    /// The patch that brings `state.reported` to the engine's state; `nil` when it already matches.
    private func reportedChanges(against shadow: DeviceShadow) -> JSONValue? {
        let stored = shadow.document.reportedStore
        guard lastReport?.generation == shadow.reportedGeneration, stored.reportedIsObject else {
            return engine.state.jsonValue.changes(from: stored.reported)
        }
        // Both states are read where they are: a copy of either retains and releases all it holds.
        return Self.changes(of: engine.state, since: lastReport.unsafelyUnwrapped.state, stored: stored)
    }

    /// The patch from the state of the last report, `previous`, to `state`, where `stored` is
    /// `state.reported` as that report left it.
    private static func changes(of state: borrowing ReportedState, since previous: borrowing ReportedState,
                                stored: ReportedStore) -> JSONValue? {
        var result: JSONObject = [:]
        // `current` changes at every routine step: diffed field by field on the typed state, which
        // the stored section matches while nobody else writes `state.reported` (reported whole
        // when the stored document has none).
        // (A Rest+ reports no `current`: its `isPowered`, `a` and `c` are firmware fields.)
        if state.current != previous.current, !state.isRestPlusDocument {
            let change = stored.hasField("current") ? state.current.changes(from: previous.current) : state.current.jsonValue
            if let change { result["current"] = change }
        }
        // The other fields change rarely (a setting, the signal strength).
        for (key, value) in state.fields(otherThanCurrentChangedSince: previous) {
            if value.isNull {
                if stored.hasField(key) { result[key] = .null }
            } else if let change = stored.changes(to: value, at: key) {
                result[key] = change
            }
        }
        return result.isEmpty ? nil : .object(result)
    }

    /// Applies a fault that acts inside the firmware (rejections, drops, delays, power).
    public mutating func applyFault(_ kind: FaultKind, realNow: Date) {
        switch kind {
        case .rejectUpdates(let count): faults.rejectUpdatesRemaining += count
        case .delayReplies(let milliseconds, let seconds):
            faults.replyDelay = .milliseconds(milliseconds)
            faults.replyDelayEnds = seconds > 0 ? realNow.addingTimeInterval(seconds) : nil
        case .dropCommands(let share, let seconds):
            faults.dropShare = share
            faults.dropEnds = seconds > 0 ? realNow.addingTimeInterval(seconds) : nil
        case .power(let plugged): engine.setPower(pluggedIn: plugged)
        case .clear: faults = DeviceFaultState()
        case .dropConnection, .offline, .reboot: break
        }
    }

    /// Reboots the engine from `settings` (flash).
    public mutating func reboot(settings: DeviceSettings, now: Date) {
        engine.reboot(settings: settings, now: now)
        needsSave = true
    }

    /// The delta that starts routine `id` as if the app asked for it (fleet files' `autoStartRoutine`),
    /// when nothing plays and the device is online.
    public func autoStartDelta(routine id: Int) -> JSONValue? {
        guard engine.state.current.playing == PlayingMode.none, engine.state.connected else { return nil }
        return DeviceAction.startRoutine(id: id).desiredPatch(for: engine.profile.product)
    }

    mutating func handle(events: [EngineEvent]) -> [OutgoingMessage] {
        var messages: [OutgoingMessage] = []
        for event in events {
            switch event {
            case .settingsChanged: needsSave = true
            case .recordsChanged(let kind):
                needsSave = true
                messages.append(recordsMessage(kind))
            default: break
            }
        }
        return messages
    }

    /// Answers a routine or alarm request (`topic` is one of the two request topics): the
    /// `/accepted` or `/rejected` reply and the record document when it changed. A repeat of an
    /// accepted request (same `clientToken`) is answered as it was, not applied again. `nil` for
    /// any other topic. The report of the state it changed follows separately.
    public mutating func receiveRecordRequest(topic: String, payload: Data, now: Date, realNow: Date) -> [OutgoingMessage]? {
        switch topic {
        case routineTopics.request:
            return handleRecordRequest(payload, kind: .routines, now: now, realNow: realNow) { (engine: inout DeviceEngine, json: JSONValue) throws(ShadowRejection) in
                let request = try RecordRequest<Routine>(jsonValue: json)
                let events = try engine.handle(request, at: now)
                return (request.op, events, engine.settings.routines.dataVersion, request.affectedID(in: engine.settings.routines))
            }
        case alarmTopics.request:
            return handleRecordRequest(payload, kind: .alarms, now: now, realNow: realNow) { (engine: inout DeviceEngine, json: JSONValue) throws(ShadowRejection) in
                let request = try RecordRequest<Alarm>(jsonValue: json)
                let events = try engine.handle(request, at: now)
                return (request.op, events, engine.settings.alarms.dataVersion, request.affectedID(in: engine.settings.alarms))
            }
        default:
            return nil
        }
    }

    private mutating func handleRecordRequest(
        _ payload: Data, kind: RecordKind, now: Date, realNow: Date,
        _ body: (inout DeviceEngine, JSONValue) throws(ShadowRejection) -> (RecordOperation, [EngineEvent], Int, Int?)
    ) -> [OutgoingMessage] {
        let timestamp = DeviceEngine.epoch(now)
        let topics = kind == .routines ? routineTopics : alarmTopics
        let requestKind: ClientRequest.Kind = kind == .routines ? .routines : .alarms
        func accepted(_ stamp: AcceptedRecordRequest, token: String?) -> OutgoingMessage {
            var reply: JSONObject = ["op": .string(stamp.op.rawValue), "dataVersion": .int(stamp.dataVersion), "timestamp": .int(stamp.timestamp)]
            // The record the request created, changed or removed: a create with id 0 learns its new id here.
            if let id = stamp.id { reply["id"] = .int(id) }
            if let token { reply["clientToken"] = .string(token) }
            return OutgoingMessage(topic: topics.accepted, payload: JSONValue.object(reply).jsonData, kind: .accepted)
        }
        do throws(ShadowRejection) {
            let json = JSONValue.object(try RequestPayload.object(payload))
            let token = json.objectValue.flatMap(RequestPayload.echoedToken(in:))
            // A repeat of an accepted request is answered as it was, not applied again.
            if let token, let earlier = (kind == .routines ? recentRoutineRequests : recentAlarmRequests).reply(for: token, now: realNow) {
                lastClientRequest = ClientRequest(kind: requestKind, clientToken: token, repeated: true)
                return [accepted(earlier, token: token)]
            }
            do throws(ShadowRejection) {
                let (op, events, dataVersion, id) = try body(&engine, json)
                lastEvents = events
                let stamp = AcceptedRecordRequest(op: op, dataVersion: dataVersion, timestamp: timestamp, id: id)
                if let token {
                    if kind == .routines {
                        recentRoutineRequests.remember(token, reply: stamp, now: realNow)
                    } else {
                        recentAlarmRequests.remember(token, reply: stamp, now: realNow)
                    }
                    lastClientRequest = ClientRequest(kind: requestKind, clientToken: token, repeated: false)
                    needsSave = true
                }
                return [accepted(stamp, token: token)] + handle(events: events)
            } catch {
                var rejection = error
                rejection.clientToken = rejection.clientToken ?? token
                throw rejection
            }
        } catch {
            var rejection = error
            rejection.timestamp = timestamp
            return [OutgoingMessage(topic: topics.rejected, payload: rejection.jsonValue.jsonData, kind: .rejected)]
        }
    }
}

import Foundation
import HatchDeviceModel

/// One simulated device without I/O: behaviour engine, shadow service and active faults. It turns
/// incoming messages and the passage of simulated time into the messages the device (and the
/// shadow service beside it) publish. ``SimulatedDevice`` connects it to a broker; tests drive it
/// directly.
public struct DeviceCore: Sendable {
    /// Behaviour.
    public internal(set) var engine: DeviceEngine
    /// Shadow service.
    public internal(set) var shadow: DeviceShadow
    /// Active faults.
    public var faults = DeviceFaultState()
    /// Shadow topics.
    public let shadowTopics: Topics.Shadow
    /// Routine record topics.
    public let routineTopics: Topics.Records
    /// Alarm record topics.
    public let alarmTopics: Topics.Records
    /// Settings (flash) changed since the last save.
    public var needsSave = false
    /// What the engine did in the last ``tick(now:)`` or applied update (alarms fired, routines
    /// started, …), for tests and tools that watch behaviour rather than the wire.
    public private(set) var lastEvents: [EngineEvent] = []
    /// Whether the last ``receive(topic:payload:now:realNow:)`` was a command the device acted on (an
    /// accepted update that left a delta): the fleet times those from request to report.
    public private(set) var lastRequestWasCommand = false
    /// The request with a `clientToken` that the last ``receive(topic:payload:now:realNow:)`` or
    /// ``receiveWhileOffline(topic:payload:now:realNow:)`` handled: applied, or answered again as a repeat.
    public private(set) var lastClientRequest: ClientRequest?
    /// The client tokens of recently accepted routine requests.
    public private(set) var recentRoutineRequests = ClientTokenWindow<AcceptedRecordRequest>()
    /// The client tokens of recently accepted alarm requests.
    public private(set) var recentAlarmRequests = ClientTokenWindow<AcceptedRecordRequest>()
    /// Random generator for dropping commands.
    var dropRandom: SeededRandom
    /// The state of the device's last report and the shadow's reported generation after it: while
    /// nobody else wrote `state.reported`, the next report compares typed fields against it.
    private var lastReport: (state: ReportedState, generation: Int)?

    /// Creates the core of a device from flash (settings) and its stored shadow.
    public init(profile: DeviceProfile, settings: DeviceSettings, shadow: ShadowDocument, now: Date) {
        engine = DeviceEngine(profile: profile, settings: settings, now: now)
        self.shadow = DeviceShadow(document: shadow)
        shadowTopics = Topics.Shadow(profile.thingName)
        routineTopics = Topics.routines(profile.thingName)
        alarmTopics = Topics.alarms(profile.thingName)
        dropRandom = SeededRandom(seed: profile.seed ^ 0xD0D0)
    }

    /// Creates the core of a device from its state folder snapshot: flash, shadow and the client
    /// tokens it accepted recently (so a request repeated after a restart is not applied twice).
    public init(profile: DeviceProfile, restoring saved: PersistedDevice, now: Date) {
        self.init(profile: profile, settings: saved.settings, shadow: saved.shadow, now: now)
        shadow.recentUpdates = saved.recentRequests?.shadowUpdates ?? ClientTokenWindow()
        recentRoutineRequests = saved.recentRequests?.routines ?? ClientTokenWindow()
        recentAlarmRequests = saved.recentRequests?.alarms ?? ClientTokenWindow()
    }

    /// The device's thing name.
    public var thingName: ThingName { engine.profile.thingName }

    /// The topic filters the device subscribes to.
    public var subscriptions: [String] {
        [shadowTopics.get, shadowTopics.update, shadowTopics.delete, routineTopics.request, alarmTopics.request]
    }

    /// The kind of a request on one of ``subscriptions`` (for the fleet's message counters).
    public func requestKind(of topic: String) -> MessageKind {
        if topic == shadowTopics.update { return .shadowUpdate }
        if topic == shadowTopics.get { return .shadowGet }
        if topic == shadowTopics.delete { return .shadowDelete }
        return .records
    }

    /// The last will: retained `offline` presence with reason `connectionLost`.
    public var lastWill: OutgoingMessage {
        OutgoingMessage(topic: Topics.presence(thingName),
                        payload: PresenceRecord(state: .offline, thingName: thingName, reason: "connectionLost").jsonValue.jsonData, retain: true,
                        kind: .presence)
    }

    /// What the device publishes right after connecting: presence, registry, records (retained),
    /// then its full reported state.
    public mutating func connected(now: Date) -> [OutgoingMessage] {
        engine.setConnected(true)
        var messages = [
            OutgoingMessage(topic: Topics.presence(thingName),
                            payload: PresenceRecord(state: .online, thingName: thingName, timestamp: DeviceEngine.epoch(now)).jsonValue.jsonData,
                            retain: true, kind: .presence),
            OutgoingMessage(topic: Topics.registry(thingName), payload: engine.profile.registryRecord.jsonValue.jsonData, retain: true,
                            kind: .registry),
            recordsMessage(.routines), recordsMessage(.alarms),
        ]
        messages += tick(now: now)
        // A desired value left from before (set while the device was away) is applied now.
        if let delta = shadow.document.delta {
            messages += applyDelta(delta, now: now)
        }
        return messages
    }

    /// What the device publishes when it goes away cleanly (`reason`: shutdown or reboot).
    public mutating func disconnecting(reason: String, now: Date) -> [OutgoingMessage] {
        engine.setConnected(false)
        var messages = report(now: now, clearing: nil)
        messages.append(OutgoingMessage(topic: Topics.presence(thingName),
                                        payload: PresenceRecord(state: .offline, thingName: thingName, reason: reason,
                                                                timestamp: DeviceEngine.epoch(now)).jsonValue.jsonData,
                                        retain: true, kind: .presence))
        return messages
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

    /// Lets simulated time pass and reports what changed.
    public mutating func tick(now: Date) -> [OutgoingMessage] {
        let events = engine.advance(to: now)
        lastEvents = events
        return handle(events: events) + report(now: now, clearing: nil)
    }

    /// Handles a message on one of ``subscriptions``. `realNow` is used for fault windows.
    public mutating func receive(topic: String, payload: Data, now: Date, realNow: Date = Date()) -> [OutgoingMessage] {
        lastEvents = []
        lastRequestWasCommand = false
        lastClientRequest = nil
        let share = faults.currentDropShare(now: realNow)
        if share > 0, Double(dropRandom.next() % 1_000_000) / 1_000_000 < share { return [] }
        let timestamp = DeviceEngine.epoch(now)
        switch topic {
        case shadowTopics.update:
            if faults.rejectUpdatesRemaining > 0 {
                faults.rejectUpdatesRemaining -= 1
                let token = (try? JSONValue(data: payload))?["clientToken"]?.stringValue
                let rejection = ShadowRejection(code: 503, message: "Service unavailable (injected fault: \(faults.rejectUpdatesRemaining) more updates will be rejected)",
                                                timestamp: timestamp, clientToken: token)
                return [OutgoingMessage(topic: shadowTopics.updateRejected, payload: rejection.jsonValue.jsonData, kind: .rejected)]
            }
            let result = shadow.update(payload: payload, timestamp: timestamp, realNow: realNow)
            noteClientRequest(result)
            var messages = publications(result)
            if let delta = result.deltaForDevice {
                lastRequestWasCommand = true
                messages += applyDelta(delta, now: now)
            }
            return messages
        case shadowTopics.get:
            return publications(shadow.get(payload: payload, timestamp: timestamp))
        case shadowTopics.delete:
            let result = shadow.delete(payload: payload, timestamp: timestamp)
            // The device reports again, so the document exists once more (as real devices do).
            engine.stateChanged = true
            return publications(result) + report(now: now, clearing: nil)
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
            return []
        }
    }

    /// Answers a shadow request while the device is offline, as the AWS shadow service does: the
    /// document changes and the replies go out, and the device applies the delta when it reconnects.
    public mutating func receiveWhileOffline(topic: String, payload: Data, now: Date, realNow: Date = Date()) -> [OutgoingMessage] {
        let timestamp = DeviceEngine.epoch(now)
        lastClientRequest = nil
        let result: ShadowResult
        switch topic {
        case shadowTopics.update:
            result = shadow.update(payload: payload, timestamp: timestamp, realNow: realNow)
            noteClientRequest(result)
        case shadowTopics.get: result = shadow.get(payload: payload, timestamp: timestamp)
        case shadowTopics.delete: result = shadow.delete(payload: payload, timestamp: timestamp)
        default: return []
        }
        if result.documentChanged { needsSave = true }
        return publications(result)
    }

    /// Applies a fault that acts inside the core (rejections, drops, delays, power).
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

    /// Reboots the engine from `settings` (flash), keeping the shadow.
    public mutating func reboot(settings: DeviceSettings, now: Date) {
        engine.reboot(settings: settings, now: now)
        needsSave = true
    }

    /// Starts routine `id` as if the app asked for it (fleet files' `autoStartRoutine`), when nothing plays.
    public mutating func autoStart(routine id: Int, now: Date) -> [OutgoingMessage] {
        guard engine.state.current.playing == PlayingMode.none, engine.state.connected else { return [] }
        return applyDelta(DeviceAction.startRoutine(id: id).desiredPatch(for: engine.profile.product), now: now)
    }

    /// A snapshot for the state folder.
    public var persisted: PersistedDevice {
        PersistedDevice(settings: engine.settings, shadow: shadow.document,
                        recentRequests: RecentClientRequests(shadowUpdates: shadow.recentUpdates, routines: recentRoutineRequests,
                                                             alarms: recentAlarmRequests))
    }

    /// Records the client request a shadow update was; an applied one must reach flash before its
    /// reply leaves (so that neither it nor its token is lost in a crash).
    private mutating func noteClientRequest(_ result: ShadowResult) {
        if let token = result.appliedClientToken {
            lastClientRequest = ClientRequest(kind: .shadowUpdate, clientToken: token, repeated: false)
        } else if let token = result.repeatedClientToken {
            lastClientRequest = ClientRequest(kind: .shadowUpdate, clientToken: token, repeated: true)
        }
        if result.documentChanged { needsSave = true }
    }

    /// The device applies a delta and reports, clearing what it applied from `desired`.
    mutating func applyDelta(_ delta: JSONValue, now: Date) -> [OutgoingMessage] {
        let outcome = engine.apply(desired: delta, at: now)
        lastEvents = outcome.events
        return handle(events: outcome.events) + report(now: now, clearing: outcome)
    }

    /// Publishes the changed part of the reported state (and clears applied desired fields).
    mutating func report(now: Date, clearing outcome: CommandOutcome?) -> [OutgoingMessage] {
        var changes: JSONValue?
        if engine.stateChanged {
            changes = reportedChanges()
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
        guard changes != nil || desiredPatch != nil else { return [] }
        let result = shadow.apply(desired: desiredPatch, reported: changes, timestamp: DeviceEngine.epoch(now), token: nil)
        lastReport = (engine.state, shadow.reportedGeneration)
        // The device's own report is answered on /update/accepted and /update/documents; a delta
        // about fields it could not apply would only repeat itself, so it is not sent again.
        return publications(ShadowResult(publications: result.publications.filter { $0.channel != .updateDelta }))
    }

    /// The patch that brings `state.reported` to the engine's state; `nil` when it already matches.
    private func reportedChanges() -> JSONValue? {
        let reported = shadow.document.reported
        guard let lastReport, lastReport.generation == shadow.reportedGeneration, case .object(let stored)? = reported else {
            return engine.state.jsonValue.changes(from: reported)
        }
        var result: [String: JSONValue] = [:]
        for (key, value) in engine.state.fields(changedSince: lastReport.state) {
            if value.isNull {
                if stored[key] != nil { result[key] = .null }
            } else if let change = value.changes(from: stored[key]) {
                result[key] = change
            }
        }
        return result.isEmpty ? nil : .object(result)
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

    func publications(_ result: ShadowResult) -> [OutgoingMessage] {
        result.publications.map { OutgoingMessage(topic: $0.channel.topic(for: shadowTopics), payload: $0.encoded, kind: $0.channel.kind) }
    }

    private mutating func handleRecordRequest(
        _ payload: Data, kind: RecordKind, now: Date, realNow: Date,
        _ body: (inout DeviceEngine, JSONValue) throws(ShadowRejection) -> (RecordOperation, [EngineEvent], Int, Int?)
    ) -> [OutgoingMessage] {
        let timestamp = DeviceEngine.epoch(now)
        let topics = kind == .routines ? routineTopics : alarmTopics
        let requestKind: ClientRequest.Kind = kind == .routines ? .routines : .alarms
        func accepted(_ stamp: AcceptedRecordRequest, token: String?) -> OutgoingMessage {
            var reply: [String: JSONValue] = ["op": .string(stamp.op.rawValue), "dataVersion": .int(stamp.dataVersion), "timestamp": .int(stamp.timestamp)]
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
                var messages = [accepted(stamp, token: token)]
                messages += handle(events: events)
                messages += report(now: now, clearing: nil)
                return messages
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

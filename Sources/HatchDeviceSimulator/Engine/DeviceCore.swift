import Foundation
import HatchDeviceModel

/// One simulated device without I/O, both roles in one value: its firmware (``DeviceFirmware``)
/// and its shadow service (``DeviceShadow``, AWS's role). It turns incoming messages and the
/// passage of simulated time into the messages the device and the shadow service beside it
/// publish. The firmware's reports go straight into the local shadow and the shadow's deltas
/// straight into the firmware, with no broker hop: the fast path of `fleet run` on a plain broker.
/// ``SimulatedDevice`` connects it to a broker; tests drive it directly. For a broker whose shadow
/// service answers for the device, ``FirmwareCore`` runs the firmware alone.
public struct DeviceCore: Sendable {
    /// The firmware role.
    public internal(set) var firmware: DeviceFirmware
    /// The shadow service role.
    public internal(set) var shadow: DeviceShadow
    /// Whether the last ``receive(topic:payload:now:realNow:)`` was a command the device acted on (an
    /// accepted update that left a delta): the fleet times those from request to report.
    public var lastRequestWasCommand: Bool { firmware.lastRequestWasCommand }
    /// The request with a `clientToken` that the last ``receive(topic:payload:now:realNow:)`` or
    /// ``receiveWhileOffline(topic:payload:now:realNow:)`` handled: applied, or answered again as a repeat.
    public var lastClientRequest: ClientRequest? { firmware.lastClientRequest }
    /// Whether the shadow changed since the last save.
    private var shadowNeedsSave = false
    /// The topics of every update's two replies, built once rather than twice per report.
    private let updateReplyTopics: (accepted: String, documents: String)

    /// Creates the core of a device from flash (settings) and its stored shadow.
    public init(profile: DeviceProfile, settings: DeviceSettings, shadow: ShadowDocument, now: Date) {
        firmware = DeviceFirmware(profile: profile, settings: settings, now: now)
        self.shadow = DeviceShadow(document: shadow)
        updateReplyTopics = (firmware.shadowTopics.updateAccepted, firmware.shadowTopics.updateDocuments)
    }

    /// Creates the core of a device from its state folder snapshot: flash, shadow and the client
    /// tokens it accepted recently (so a request repeated after a restart is not applied twice).
    public init(profile: DeviceProfile, restoring saved: PersistedDevice, now: Date) {
        self.init(profile: profile, settings: saved.settings, shadow: saved.shadow, now: now)
        shadow.recentUpdates = saved.recentRequests?.shadowUpdates ?? ClientTokenWindow()
        firmware.restoreRecentRequests(saved.recentRequests)
    }

    /// Behaviour.
    public var engine: DeviceEngine { firmware.engine }
    /// Active faults.
    public var faults: DeviceFaultState {
        get { firmware.faults }
        set { firmware.faults = newValue }
    }
    /// Settings (flash), client tokens or the shadow changed since the last save.
    public var needsSave: Bool {
        get { firmware.needsSave || shadowNeedsSave }
        set {
            firmware.needsSave = newValue
            shadowNeedsSave = newValue
        }
    }
    /// What the engine did in the last ``tick(now:)`` or applied update (alarms fired, routines
    /// started, …), for tests and tools that watch behaviour rather than the wire.
    public var lastEvents: [EngineEvent] { firmware.lastEvents }
    /// The client tokens of recently accepted routine requests.
    public var recentRoutineRequests: ClientTokenWindow<AcceptedRecordRequest> { firmware.recentRoutineRequests }
    /// The client tokens of recently accepted alarm requests.
    public var recentAlarmRequests: ClientTokenWindow<AcceptedRecordRequest> { firmware.recentAlarmRequests }
    /// Shadow topics.
    public var shadowTopics: Topics.Shadow { firmware.shadowTopics }
    /// Routine record topics.
    public var routineTopics: Topics.Records { firmware.routineTopics }
    /// Alarm record topics.
    public var alarmTopics: Topics.Records { firmware.alarmTopics }

    /// The device's thing name.
    public var thingName: ThingName { firmware.thingName }

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
    public var lastWill: OutgoingMessage { firmware.lastWill }

    /// What the device publishes right after connecting: presence, registry, records (retained),
    /// then its full reported state.
    public mutating func connected(now: Date) -> [OutgoingMessage] {
        var messages = firmware.online(now: now)
        messages += tick(now: now)
        // A desired value left from before (set while the device was away) is applied now.
        if let delta = shadow.document.delta {
            messages += applyDelta(delta, now: now)
        }
        return messages
    }

    /// What the device publishes when it goes away cleanly (`reason`: shutdown or reboot).
    public mutating func disconnecting(reason: String, now: Date) -> [OutgoingMessage] {
        let presence = firmware.offline(reason: reason, now: now)
        return report(now: now, clearing: nil) + [presence]
    }

    /// The retained record document of `kind`.
    public func recordsMessage(_ kind: RecordKind) -> OutgoingMessage { firmware.recordsMessage(kind) }

    /// Lets simulated time pass and reports what changed.
    public mutating func tick(now: Date) -> [OutgoingMessage] {
        let passed = firmware.advance(to: now)
        let report = report(now: now, clearing: nil)
        return passed.isEmpty ? report : passed + report
    }

    /// Handles a message on one of ``subscriptions``. `realNow` is used for fault windows.
    public mutating func receive(topic: String, payload: Data, now: Date, realNow: Date = Date()) -> [OutgoingMessage] {
        firmware.beginMessage()
        if firmware.dropsRequest(realNow: realNow) { return [] }
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
            // What the device has scheduled up to `now` happens first, so the update's delta is taken
            // against what the device reports at `now` (a sunrise due this second has started).
            let passed = tick(now: now)
            let passedEvents = firmware.lastEvents
            let result = shadow.update(payload: payload, timestamp: timestamp, realNow: realNow)
            noteClientRequest(result)
            var messages = passed.isEmpty ? publications(result) : passed + publications(result)
            if let delta = result.deltaForDevice {
                firmware.lastRequestWasCommand = true
                messages += applyDelta(delta, now: now)
                // The message's events are those of the second that passed and those of the command.
                if !passedEvents.isEmpty { firmware.lastEvents = passedEvents + firmware.lastEvents }
            }
            return messages
        case shadowTopics.get:
            let passed = tick(now: now)
            return passed + publications(shadow.get(payload: payload, timestamp: timestamp))
        case shadowTopics.delete:
            let result = shadow.delete(payload: payload, timestamp: timestamp)
            // The device reports again, so the document exists once more (as real devices do).
            firmware.engine.stateChanged = true
            return publications(result) + report(now: now, clearing: nil)
        default:
            guard let messages = firmware.receiveRecordRequest(topic: topic, payload: payload, now: now, realNow: realNow) else { return [] }
            return messages + report(now: now, clearing: nil)
        }
    }

    /// Answers a shadow request while the device is offline, as the AWS shadow service does: the
    /// document changes and the replies go out, and the device applies the delta when it reconnects.
    public mutating func receiveWhileOffline(topic: String, payload: Data, now: Date, realNow: Date = Date()) -> [OutgoingMessage] {
        let timestamp = DeviceEngine.epoch(now)
        firmware.lastClientRequest = nil
        let result: ShadowResult
        switch topic {
        case shadowTopics.update:
            result = shadow.update(payload: payload, timestamp: timestamp, realNow: realNow)
            noteClientRequest(result)
        case shadowTopics.get: result = shadow.get(payload: payload, timestamp: timestamp)
        case shadowTopics.delete: result = shadow.delete(payload: payload, timestamp: timestamp)
        default: return []
        }
        if result.documentChanged { shadowNeedsSave = true }
        return publications(result)
    }

    /// Applies a fault that acts inside the core (rejections, drops, delays, power).
    public mutating func applyFault(_ kind: FaultKind, realNow: Date) {
        firmware.applyFault(kind, realNow: realNow)
    }

    /// Reboots the engine from `settings` (flash), keeping the shadow.
    public mutating func reboot(settings: DeviceSettings, now: Date) {
        firmware.reboot(settings: settings, now: now)
    }

    /// Starts routine `id` as if the app asked for it (fleet files' `autoStartRoutine`), when nothing plays.
    public mutating func autoStart(routine id: Int, now: Date) -> [OutgoingMessage] {
        guard let delta = firmware.autoStartDelta(routine: id) else { return [] }
        return applyDelta(delta, now: now)
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
            firmware.lastClientRequest = ClientRequest(kind: .shadowUpdate, clientToken: token, repeated: false)
        } else if let token = result.repeatedClientToken {
            firmware.lastClientRequest = ClientRequest(kind: .shadowUpdate, clientToken: token, repeated: true)
        }
        if result.documentChanged { shadowNeedsSave = true }
    }

    /// The device applies a delta and reports, clearing what it applied from `desired`.
    mutating func applyDelta(_ delta: JSONValue, now: Date) -> [OutgoingMessage] {
        let (messages, outcome) = firmware.apply(delta: delta, now: now)
        return messages + report(now: now, clearing: outcome)
    }

    /// The firmware's report goes straight into the local shadow; its replies are published.
    mutating func report(now: Date, clearing outcome: CommandOutcome?) -> [OutgoingMessage] {
        // A change of values alone (a routine step, the battery, the signal) is written leaf by leaf;
        // it has no delta to leave out.
        if outcome == nil, case .replies(let replies)? = firmware.reportLeaves(into: &shadow, as: .service(timestamp: DeviceEngine.epoch(now))) {
            return [OutgoingMessage(topic: updateReplyTopics.accepted, body: replies.accepted, kind: .accepted),
                    OutgoingMessage(topic: updateReplyTopics.documents, body: replies.documents, kind: .documents)]
        }
        guard let report = firmware.report(clearing: outcome, against: shadow) else { return [] }
        let result = shadow.apply(desired: report.desired, reported: report.reported, timestamp: DeviceEngine.epoch(now), token: nil)
        firmware.reported(generation: shadow.reportedGeneration)
        // The device's own report is answered on /update/accepted and /update/documents; a delta
        // about fields it could not apply would only repeat itself, so it is not sent again.
        var messages: [OutgoingMessage] = []
        messages.reserveCapacity(result.publications.count)
        for publication in result.publications where publication.channel != .updateDelta {
            messages.append(message(publication))
        }
        return messages
    }

    func publications(_ result: ShadowResult) -> [OutgoingMessage] {
        result.publications.map { message($0) }
    }

    /// The message that carries `publication`, on the update replies' kept topics where it is one of them.
    private func message(_ publication: ShadowPublication) -> OutgoingMessage {
        let topic = switch publication.channel {
        case .updateAccepted: updateReplyTopics.accepted
        case .updateDocuments: updateReplyTopics.documents
        default: publication.channel.topic(for: shadowTopics)
        }
        return OutgoingMessage(topic: topic, payload: publication.encoded, kind: publication.channel.kind)
    }
}

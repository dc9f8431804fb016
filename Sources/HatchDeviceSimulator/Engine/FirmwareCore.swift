import Foundation
import HatchDeviceModel

/// One simulated device's firmware alone, without I/O, for a broker whose shadow service answers
/// for it (AWS IoT Core, or `hatchctl shadow-service`): it publishes `state.reported` (and the
/// `null`s that clear the desired fields it applied) to `shadow/update`, follows
/// `shadow/update/delta`, and after each (re)connect publishes `shadow/get` and applies the
/// `state.delta` of its `/get/accepted`. It subscribes to `FirmwareTopics.subscribes` and publishes
/// only `FirmwareTopics.publishes`; it never answers a shadow request.
///
/// The firmware keeps its own copy of its shadow (``knownShadow``): its reports, the deltas it was
/// sent and the document of its last `get`, so that it reports only what changed, as real firmware does.
public struct FirmwareCore: Sendable {
    /// The firmware role.
    public internal(set) var firmware: DeviceFirmware
    /// The device's copy of its shadow document, as far as the device knows it.
    public private(set) var knownShadow: DeviceShadow
    /// Whether the last ``receive(topic:payload:now:realNow:)`` was a delta the device acted on.
    public var lastRequestWasCommand: Bool { firmware.lastRequestWasCommand }
    /// The record request with a `clientToken` the last ``receive(topic:payload:now:realNow:)`` handled.
    public var lastClientRequest: ClientRequest? { firmware.lastClientRequest }
    /// Counts the device's own `shadow/get` requests, so it recognises their answers.
    private var syncCount = 0
    /// Whether the last `shadow/get` is unanswered: the device asks again until it learns its
    /// document (``shadowSyncRequest()``), then reports whatever the document lacks or has wrong.
    public private(set) var awaitsShadowSync = false

    /// The `clientToken` prefix of the device's own `shadow/get` requests.
    static let syncTokenPrefix = "firmware-sync-"

    /// Creates the firmware of a device from flash (settings) and its last known shadow document.
    public init(profile: DeviceProfile, settings: DeviceSettings, knownShadow: ShadowDocument, now: Date) {
        firmware = DeviceFirmware(profile: profile, settings: settings, now: now)
        self.knownShadow = DeviceShadow(document: knownShadow)
    }

    /// Creates the firmware of a device from its state folder snapshot.
    public init(profile: DeviceProfile, restoring saved: PersistedDevice, now: Date) {
        self.init(profile: profile, settings: saved.settings, knownShadow: saved.shadow, now: now)
        firmware.restoreRecentRequests(saved.recentRequests)
    }

    /// The topics the firmware subscribes to: exactly `FirmwareTopics.subscribes`.
    public var subscriptions: [String] { FirmwareTopics(firmware.thingName).subscribes }

    /// The kind of a message on one of ``subscriptions`` (for the fleet's message counters).
    public func requestKind(of topic: String) -> MessageKind {
        let topics = firmware.shadowTopics
        switch topic {
        case topics.updateDelta: return .delta
        case topics.getAccepted, topics.deleteAccepted: return .accepted
        case topics.getRejected, topics.updateRejected: return .rejected
        default: return .records
        }
    }

    /// What the device publishes right after connecting: presence, registry, records (retained),
    /// its reported state, then a `shadow/get` whose answer brings what was desired while it was away.
    public mutating func connected(now: Date) -> [OutgoingMessage] {
        var messages = firmware.online(now: now)
        messages += tick(now: now)
        awaitsShadowSync = true
        messages.append(syncRequest())
        return messages
    }

    /// The `shadow/get` to publish again while the last one is unanswered; `nil` once answered.
    /// A shadow service that was not subscribed yet, or was restarting, never saw the first one.
    public mutating func shadowSyncRequest() -> OutgoingMessage? {
        awaitsShadowSync ? syncRequest() : nil
    }

    private mutating func syncRequest() -> OutgoingMessage {
        syncCount += 1
        let request = JSONValue.object(["clientToken": .string(Self.syncTokenPrefix + String(syncCount))])
        return OutgoingMessage(topic: firmware.shadowTopics.get, payload: request.jsonData, kind: .shadowGet)
    }

    /// What the device publishes when it goes away cleanly (`reason`: shutdown or reboot).
    public mutating func disconnecting(reason: String, now: Date) -> [OutgoingMessage] {
        let presence = firmware.offline(reason: reason, now: now)
        return report(now: now, clearing: nil) + [presence]
    }

    /// Lets simulated time pass and reports what changed.
    public mutating func tick(now: Date) -> [OutgoingMessage] {
        firmware.advance(to: now) + report(now: now, clearing: nil)
    }

    /// Handles a message on one of ``subscriptions``. `realNow` is used for fault windows.
    public mutating func receive(topic: String, payload: Data, now: Date, realNow: Date = Date()) -> [OutgoingMessage] {
        firmware.beginMessage()
        let topics = firmware.shadowTopics
        switch topic {
        case topics.updateDelta:
            if firmware.dropsRequest(realNow: realNow) { return [] }
            guard let delta = (try? JSONValue(data: payload))?["state"], delta.objectValue != nil else { return [] }
            firmware.lastRequestWasCommand = true
            return applyDelta(delta, now: now)
        case topics.getAccepted:
            guard let document = try? JSONValue(data: payload),
                  document["clientToken"]?.stringValue?.hasPrefix(Self.syncTokenPrefix) == true else { return [] }
            awaitsShadowSync = false
            knownShadow.adopt(Self.shadowDocument(fromGetAccepted: document))
            // The report compares the whole state with the document as served: whatever a report
            // the service missed left out or stale is reported now.
            firmware.engine.stateChanged = true
            guard let delta = document["state"]?["delta"], delta.objectValue != nil else { return report(now: now, clearing: nil) }
            return applyDelta(delta, now: now)
        case topics.getRejected:
            // A 404 answers the device's get: the service has no document (it missed the reports that
            // would have made it), so the device reports its whole state. Anything else, it asks again.
            guard let reply = try? JSONValue(data: payload),
                  reply["clientToken"]?.stringValue?.hasPrefix(Self.syncTokenPrefix) == true, reply["code"]?.intValue == 404 else { return [] }
            awaitsShadowSync = false
            knownShadow.adopt(ShadowDocument(version: knownShadow.document.version))
            firmware.engine.stateChanged = true
            return report(now: now, clearing: nil)
        case topics.deleteAccepted:
            // The shadow is gone: the device forgets its copy and reports its whole state again.
            let version = (try? JSONValue(data: payload))?["version"]?.intValue ?? knownShadow.document.version
            knownShadow.adopt(ShadowDocument(version: version))
            firmware.engine.stateChanged = true
            return report(now: now, clearing: nil)
        case topics.updateRejected:
            return []
        default:
            if firmware.dropsRequest(realNow: realNow) { return [] }
            guard let messages = firmware.receiveRecordRequest(topic: topic, payload: payload, now: now, realNow: realNow) else { return [] }
            return messages + report(now: now, clearing: nil)
        }
    }

    /// Starts routine `id` as if the app asked for it (fleet files' `autoStartRoutine`), when nothing plays.
    public mutating func autoStart(routine id: Int, now: Date) -> [OutgoingMessage] {
        guard let delta = firmware.autoStartDelta(routine: id) else { return [] }
        return applyDelta(delta, now: now)
    }

    /// A snapshot for the state folder: flash, the known shadow and the record-request tokens.
    public var persisted: PersistedDevice {
        PersistedDevice(settings: firmware.engine.settings, shadow: knownShadow.document,
                        recentRequests: RecentClientRequests(routines: firmware.recentRoutineRequests, alarms: firmware.recentAlarmRequests))
    }

    /// The device applies a delta and reports, clearing what it applied from `desired`.
    mutating func applyDelta(_ delta: JSONValue, now: Date) -> [OutgoingMessage] {
        // The delta is desired state: the device's copy learns it, so the report can clear it.
        knownShadow.record(desired: delta, reported: nil, timestamp: DeviceEngine.epoch(now))
        let (messages, outcome) = firmware.apply(delta: delta, now: now)
        return messages + report(now: now, clearing: outcome)
    }

    /// The firmware's report, published to `shadow/update` and kept in the device's copy.
    mutating func report(now: Date, clearing outcome: CommandOutcome?) -> [OutgoingMessage] {
        // A change of values alone is written leaf by leaf into the device's copy and its request.
        if outcome == nil, case .request(let request)? = firmware.reportLeaves(into: &knownShadow, as: .copy(timestamp: DeviceEngine.epoch(now))) {
            return [OutgoingMessage(topic: firmware.shadowTopics.update, payload: request, kind: .shadowUpdate)]
        }
        guard let report = firmware.report(clearing: outcome, against: knownShadow) else { return [] }
        knownShadow.record(desired: report.desired, reported: report.reported, timestamp: DeviceEngine.epoch(now))
        firmware.reported(generation: knownShadow.reportedGeneration)
        return [OutgoingMessage(topic: firmware.shadowTopics.update, payload: report.updatePayload, kind: .shadowUpdate)]
    }

    /// The stored document a `/get/accepted` payload describes.
    static func shadowDocument(fromGetAccepted reply: JSONValue) -> ShadowDocument {
        let state = reply["state"], metadata = reply["metadata"]
        func node(_ value: JSONValue?) -> JSONValue? { value?.objectValue == nil ? nil : value }
        return ShadowDocument(desired: node(state?["desired"]), reported: node(state?["reported"]),
                              desiredMetadata: node(metadata?["desired"]), reportedMetadata: node(metadata?["reported"]),
                              version: reply["version"]?.intValue ?? 0)
    }
}

/// Every MQTT topic of the simulated fleet and the clients, in one place (the README and the HatchDeviceSimulator catalog's wire contract list them).
///
/// Shadow topics follow AWS IoT classic shadows exactly. The `hatch/` topics carry what the
/// vendor's cloud keeps beside the shadow: presence (retained, with a last will), the registry
/// record, and the routine and alarm records with their request/reply topics.
public enum Topics {
    /// `$aws/things/{thing}/shadow`: the prefix of all shadow topics of a device.
    public static func shadowPrefix(_ thing: ThingName) -> String { shadowTopic(thing, "") }

    /// `$aws/things/<thing>/shadow<suffix>`, built in one allocation: a device names two of these
    /// topics in every report, and interpolation would cost several.
    static func shadowTopic(_ thing: ThingName, _ suffix: StaticString) -> String {
        let head: StaticString = "$aws/things/"
        let middle: StaticString = "/shadow"
        var name = thing.rawValue
        return name.withUTF8 { name in
            let count = head.utf8CodeUnitCount + name.count + middle.utf8CodeUnitCount + suffix.utf8CodeUnitCount
            return String(unsafeUninitializedCapacity: count) { buffer in
                var offset = 0
                func copy(_ part: UnsafeBufferPointer<UInt8>) {
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[offset...]).initialize(fromContentsOf: part)
                    offset += part.count
                }
                copy(UnsafeBufferPointer(start: head.utf8Start, count: head.utf8CodeUnitCount))
                copy(name)
                copy(UnsafeBufferPointer(start: middle.utf8Start, count: middle.utf8CodeUnitCount))
                copy(UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount))
                return offset
            }
        }
    }

    /// The shadow topics of one device: its classic shadow (`$aws/things/{thing}/shadow/…`), or with a
    /// ``name`` one of its named shadows (`$aws/things/{thing}/shadow/name/{shadowName}/…`), whose
    /// topics differ only in that prefix.
    public struct Shadow: Sendable, Hashable {
        /// The device.
        public let thing: ThingName
        /// The named shadow, or `nil` for the classic one.
        public let name: ShadowName?
        /// Creates the topic set of the classic shadow of `thing`, or of its shadow `name`.
        public init(_ thing: ThingName, name: ShadowName? = nil) {
            self.thing = thing
            self.name = name
        }

        /// The topic of `suffix` (`/get`, `/update/accepted`, …) under this shadow's prefix.
        private func topic(_ suffix: StaticString) -> String {
            guard let name else { return Topics.shadowTopic(thing, suffix) }
            return Topics.shadowTopic(thing, "/name/") + name.rawValue + suffix.description
        }

        /// `$aws/things/{thing}/shadow`, or `…/shadow/name/{shadowName}` for a named shadow.
        public var prefix: String { topic("") }
        /// Publish `{}` or `{"clientToken"}` here to read the shadow.
        public var get: String { topic("/get") }
        /// The shadow document, in reply to ``get``.
        public var getAccepted: String { topic("/get/accepted") }
        /// A `{code, message}` error, in reply to ``get``.
        public var getRejected: String { topic("/get/rejected") }
        /// Publish `{"state": {"desired"|"reported": …}}` here to update the shadow.
        public var update: String { topic("/update") }
        /// The accepted part of an update, with the new `version` and the echoed `clientToken`.
        public var updateAccepted: String { topic("/update/accepted") }
        /// A `{code, message}` error, in reply to ``update``.
        public var updateRejected: String { topic("/update/rejected") }
        /// The desired fields that differ from reported.
        public var updateDelta: String { topic("/update/delta") }
        /// `previous` and `current` documents after every accepted update.
        public var updateDocuments: String { topic("/update/documents") }
        /// Publish here to delete the shadow document.
        public var delete: String { topic("/delete") }
        /// Deletion accepted.
        public var deleteAccepted: String { topic("/delete/accepted") }
        /// Deletion rejected.
        public var deleteRejected: String { topic("/delete/rejected") }
        /// Every topic of this shadow (`…/shadow/#` for the classic one: its named shadows' too).
        public var all: String { topic("/#") }
    }

    /// The request filter of every thing's named shadows: `$aws/things/+/shadow/name/+/+` (`get`,
    /// `update` and `delete`; the replies are a level deeper).
    public static let namedShadowRequests = "$aws/things/+/shadow/name/+/+"

    /// Retained presence record (`online`/`offline`), also the device's last will.
    public static func presence(_ thing: ThingName) -> String { "hatch/things/\(thing.rawValue)/presence" }
    /// Retained registry record of one device.
    public static func registry(_ thing: ThingName) -> String { "hatch/registry/\(thing.rawValue)" }
    /// Filter for every registry record.
    public static let registryAll = "hatch/registry/+"
    /// Filter for every presence record.
    public static let presenceAll = "hatch/things/+/presence"

    /// The topics of one kind of per-device record (routines or alarms).
    public struct Records: Sendable, Hashable {
        /// `hatch/things/{thing}/{kind}`.
        public let base: String
        /// Creates the topic set for `kind` ("routines" or "alarms").
        public init(_ thing: ThingName, kind: RecordKind) { base = "hatch/things/\(thing.rawValue)/\(kind.rawValue)" }
        /// The retained record document `{dataVersion, routines|alarms}`.
        public var document: String { base }
        /// Publish a create/edit/delete/enable request here.
        public var request: String { base + "/request" }
        /// The reply to an accepted request (with the new `dataVersion` and echoed `clientToken`).
        public var accepted: String { base + "/request/accepted" }
        /// The `{code, message}` reply to a rejected request.
        public var rejected: String { base + "/request/rejected" }
    }

    /// The routine record topics of a device.
    public static func routines(_ thing: ThingName) -> Records { Records(thing, kind: .routines) }
    /// The alarm record topics of a device.
    public static func alarms(_ thing: ThingName) -> Records { Records(thing, kind: .alarms) }

    /// Fleet control requests (faults, power), answered on ``fleetControlReply``.
    public static let fleetControl = "hatch/fleet/control"
    /// Replies to fleet control requests.
    public static let fleetControlReply = "hatch/fleet/control/reply"
    /// Log of injected faults and fleet events (not retained).
    public static let fleetEvents = "hatch/fleet/events"
    /// Retained fleet status (devices, online count, messages per second), refreshed every few seconds.
    public static let fleetStatus = "hatch/fleet/status"
}

/// The kinds of per-device records.
public enum RecordKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Routines and favorites.
    case routines
    /// Alarms.
    case alarms
}

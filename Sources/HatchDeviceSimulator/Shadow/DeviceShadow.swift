import Foundation
import HatchDeviceModel
import HatchMQTT

/// The AWS IoT classic shadow service for one device, as a pure value: it takes request payloads
/// and answers with the exact publications AWS would make (`/get/accepted`, `/update/accepted`
/// with `version` and echoed `clientToken`, `/update/documents`, `/update/delta`, and
/// `/rejected` with `{code, message}`: 400 malformed or wrong type, 409 version conflict,
/// 413 too large, 415 not UTF-8, 404 no shadow; see ``ShadowRequestDecoder``). An update that
/// repeats the `clientToken` of one accepted in the last ten minutes is answered with the same
/// `/update/accepted` reply and not applied again (see ``ClientTokenWindow``).
public struct DeviceShadow: Sendable, Hashable {
    /// The stored document.
    public private(set) var document: ShadowDocument
    /// The client tokens of recently accepted updates; persisted with the document.
    public var recentUpdates: ClientTokenWindow<AcceptedUpdate>
    /// Counts changes to `state.reported` (updates that carry it, deletes), so a device can tell
    /// whether anyone but itself wrote there since its last report.
    public private(set) var reportedGeneration = 0

    /// Creates the service over a stored document.
    public init(document: ShadowDocument = ShadowDocument(), recentUpdates: ClientTokenWindow<AcceptedUpdate> = ClientTokenWindow()) {
        self.document = document
        self.recentUpdates = recentUpdates
    }

    public static func == (lhs: DeviceShadow, rhs: DeviceShadow) -> Bool {
        lhs.document == rhs.document && lhs.reportedGeneration == rhs.reportedGeneration
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(document)
        hasher.combine(reportedGeneration)
    }

    /// Replaces the stored document with one read elsewhere (a device adopting the document of its
    /// `/get/accepted`): the reported generation moves on, so nothing cached about the old one is trusted.
    public mutating func adopt(_ document: ShadowDocument) {
        self.document = document
        reportedGeneration += 1
    }

    /// Handles one request of `operation` (the service's side of `get`, `update` and `delete`), on the
    /// classic shadow or on the named shadow `name` (whose 404 names it). `schema` checks an update's state.
    public mutating func handle(_ operation: ShadowRequestDecoder.Operation, payload: Data, timestamp: Int, name: ShadowName? = nil,
                                schema: StateSchema = .shadowState, realNow: Date = Date()) -> ShadowResult {
        switch operation {
        case .get: get(payload: payload, timestamp: timestamp, name: name)
        case .update: update(payload: payload, timestamp: timestamp, schema: schema, realNow: realNow)
        case .delete: delete(payload: payload, timestamp: timestamp, name: name)
        }
    }

    /// Handles a `shadow/get` request (of the named shadow `name`, whose 404 names it).
    public func get(payload: Data, timestamp: Int, name: ShadowName? = nil) -> ShadowResult {
        let request: ShadowRequestDecoder.Request
        do {
            request = try ShadowRequestDecoder.decode(payload, operation: .get)
        } catch {
            return reject(.getRejected, error, timestamp: timestamp, token: error.clientToken)
        }
        let token = request.clientToken
        guard document.exists else {
            return reject(.getRejected, ShadowRejection.notFound(named: name), timestamp: timestamp, token: token)
        }
        var reply: JSONObject = [
            "state": document.stateNode(includingDelta: true), "metadata": document.metadataNode,
            "version": .int(document.version), "timestamp": .int(timestamp),
        ]
        if let token { reply["clientToken"] = .string(token) }
        return ShadowResult(publications: [ShadowPublication(.getAccepted, .object(reply))])
    }

    /// Handles a `shadow/update` request from anyone (app, CLI, device). Validates it
    /// (``ShadowRequestDecoder``), applies it and returns the replies.
    /// `realNow` (real time) dates its `clientToken` for the repeat window.
    public mutating func update(payload: Data, timestamp: Int, schema: StateSchema = .shadowState, realNow: Date = Date()) -> ShadowResult {
        let request: ShadowRequestDecoder.Request
        do {
            request = try ShadowRequestDecoder.decode(payload, operation: .update, schema: schema)
        } catch {
            return reject(.updateRejected, error, timestamp: timestamp, token: error.clientToken)
        }
        // A repeat of an accepted request (before the version check: it was checked the first time).
        if let token = request.clientToken, let earlier = recentUpdates.reply(for: token, now: realNow) {
            let reply = Self.acceptedReply(desired: request.desired, reported: request.reported,
                                           version: earlier.version, timestamp: earlier.timestamp, token: token)
            return ShadowResult(publications: [ShadowPublication(.updateAccepted, reply)], repeatedClientToken: token)
        }
        if let version = request.version, version != document.version {
            return reject(.updateRejected, ShadowRejection.versionConflict, timestamp: timestamp, token: request.clientToken)
        }
        if Self.exceedsSizeLimit(document, desired: request.desired, reported: request.reported, requestBytes: payload.count) {
            return reject(.updateRejected, ShadowRejection.payloadTooLarge, timestamp: timestamp, token: request.clientToken)
        }
        var result = apply(desired: request.desired, reported: request.reported, timestamp: timestamp, token: request.clientToken)
        if let token = request.clientToken {
            recentUpdates.remember(token, reply: AcceptedUpdate(version: document.version, timestamp: timestamp), now: realNow)
            result.appliedClientToken = token
        }
        return result
    }

    /// Whether `document` would hold more than 8 KB of `desired` and `reported` state once the update is
    /// merged: AWS IoT limits the whole stored state, not only each request ("Only the data for desired and
    /// reported state inside the state document sent to the device's shadow counts toward the limit";
    /// metadata does not count), so updates that each fit can still be refused with 413.
    /// `requestBytes` (the request's size, at least that of its state) spares the merge when the stored
    /// state and the whole request together fit.
    static func exceedsSizeLimit(_ document: ShadowDocument, desired: JSONValue?, reported: JSONValue?, requestBytes: Int) -> Bool {
        let stored = (document.desired?.encodedByteCount ?? 0) + document.reportedStore.reportedByteCount
        if stored + requestBytes <= WireConstants.maximumStateBytes { return false }
        var merged = (desired: document.desired, reported: document.reported)
        if let desired { merge(desired, into: &merged.desired) }
        if let reported { merge(reported, into: &merged.reported) }
        let bytes = (merged.desired?.encodedByteCount ?? 0) + (merged.reported?.encodedByteCount ?? 0)
        return bytes > WireConstants.maximumStateBytes
    }

    /// The `/update/accepted` payload: the request's state, its metadata, the version and timestamp.
    static func acceptedReply(desired: JSONValue?, reported: JSONValue?, version: Int, timestamp: Int, token: String?) -> JSONValue {
        var requestState: JSONObject = [:]
        var requestMetadata: JSONObject = [:]
        if let desired {
            requestState["desired"] = desired
            requestMetadata["desired"] = desired.isNull ? JSONValue.null : desired.metadata(timestamp: timestamp)
        }
        if let reported {
            requestState["reported"] = reported
            requestMetadata["reported"] = reported.isNull ? JSONValue.null : reported.metadata(timestamp: timestamp)
        }
        var accepted: JSONObject = [
            "state": .object(requestState), "metadata": .object(requestMetadata),
            "version": .int(version), "timestamp": .int(timestamp),
        ]
        if let token { accepted["clientToken"] = .string(token) }
        return .object(accepted)
    }

    /// Applies an already valid update (used for the device's own reports) and builds the replies.
    public mutating func apply(desired: JSONValue?, reported: JSONValue?, timestamp: Int, token: String?) -> ShadowResult {
        // The `previous` of `/update/documents`: for a device's report that only sets values, the
        // values it replaced (the rest of `previous` is `current`); otherwise the whole document.
        let documents = ReportedChanges.with(room: document.reportedStore.changeRoom) { changes in
            var previous: ShadowDocument?
            if desired == nil, document.deletedAt == nil, case .object(let patch)? = reported, !patch.isEmpty,
               !reported.unsafelyUnwrapped.containsNullOrEmptyObject,
               document.reportedStore.setValues(patch, timestamp: timestamp, changes: &changes) {
                reportedGeneration += 1
                document.version += 1
            } else {
                previous = document
                merge(desired: desired, reported: reported, timestamp: timestamp)
            }
            return self.documents(previous: previous, changes: changes, timestamp: timestamp, token: token)
        }

        var publications = [
            ShadowPublication(.updateAccepted, encoded: Self.accepted(desired: desired, reported: reported, version: document.version,
                                                                      timestamp: timestamp, token: token)),
            ShadowPublication(.updateDocuments, encoded: documents),
        ]

        var deltaForDevice: JSONValue?
        if let desired, !desired.isNull, let delta = document.delta {
            var message: JSONObject = [
                "state": delta, "metadata": Self.restrict(document.desiredMetadata ?? .emptyObject, to: delta),
                "version": .int(document.version), "timestamp": .int(timestamp),
            ]
            if let token { message["clientToken"] = .string(token) }
            publications.append(ShadowPublication(.updateDelta, .object(message)))
            deltaForDevice = delta
        }
        return ShadowResult(publications: publications, deltaForDevice: deltaForDevice, documentChanged: true)
    }

    /// Applies a device's report that sets `leaves` (ascending leaves of the stored document's shape,
    /// ``ReportedShape/reportedLeaves``) to `values` (plain values), and builds the replies: the same
    /// bytes as ``apply(desired:reported:timestamp:token:)`` with that report as a patch, without
    /// building, walking or freeing one. `nil`, changing nothing, when the stored document is not
    /// shaped, is deleted, or holds `desired` state (whose delta the general path answers).
    mutating func applyReported(leaves: UnsafeBufferPointer<Int>, values: UnsafeBufferPointer<JSONValue>, timestamp: Int) -> LeafReplies? {
        ReportedChanges.with(room: (leaves.count, document.reportedStore.changeRoom.textBytes)) { changes in
            guard setReported(leaves: leaves, values: values, timestamp: timestamp, changes: &changes) else { return nil }
            return replies(leaves: leaves, timestamp: timestamp, changes: changes)
        }
    }

    /// The replies to a device's report of values alone, once its `changes` are made. Mutating only so
    /// that the update, which holds the shadow, reads it in place rather than passing a copy.
    private mutating func replies(leaves: UnsafeBufferPointer<Int>, timestamp: Int, changes: ReportedChanges) -> LeafReplies {
        var bytes = JSONByteWriter(capacity: 1024)
        var state = JSONByteWriter(capacity: 512)
        bytes.append(#"{"metadata":{"reported":"#)
        state.append(#""state":{"reported":"#)
        Self.withStampLeaf(timestamp) { stamp in
            document.reportedStore.writeLeaves(leaves, state: &state, metadata: &bytes, stamp: stamp)
        }
        Self.appendAcceptedTail(state: state, version: document.version, timestamp: timestamp, into: &bytes)
        let accepted = MQTTPayload(takingOwnershipOf: bytes.takeBytes())
        let documents = documentsBytes(previous: nil, changes: changes, timestamp: timestamp, token: nil, bothHalves: true)
        return LeafReplies(accepted: accepted, documents: MQTTPayload(takingOwnershipOf: documents.takeBytes()))
    }

    /// The two replies to a device's report of values alone (``applyReported(leaves:values:timestamp:)``),
    /// its `/update/accepted` and `/update/documents` payloads: a device's own report has no delta to send.
    struct LeafReplies {
        var accepted: MQTTPayload
        var documents: MQTTPayload
    }

    /// Records a device's report that sets `leaves` to `values` as ``applyReported(leaves:values:timestamp:)``
    /// does, without building replies: a device's own copy of its shadow (``FirmwareCore/knownShadow``).
    /// Returns the report's `shadow/update` payload, `{"state":{"reported":…}}`, as
    /// ``FirmwareReport/updatePayload`` writes it; `nil`, changing nothing, where that method declines.
    mutating func recordReported(leaves: UnsafeBufferPointer<Int>, values: UnsafeBufferPointer<JSONValue>, timestamp: Int) -> Data? {
        let recorded = ReportedChanges.with(room: (leaves.count, document.reportedStore.changeRoom.textBytes)) { changes in
            setReported(leaves: leaves, values: values, timestamp: timestamp, changes: &changes)
        }
        guard recorded else { return nil }
        var state = JSONByteWriter(capacity: 512)
        var noMetadata = JSONByteWriter(capacity: 0)
        state.append(#"{"state":{"reported":"#)
        document.reportedStore.writeLeaves(leaves, state: &state, metadata: &noMetadata, stamp: nil)
        state.append("}}")
        return state.makeData(transient: true)
    }

    /// Sets `leaves` of the stored `state.reported` to `values` and counts the new version; `false`,
    /// changing nothing, when the stored document is not shaped, is deleted, or holds `desired` state.
    private mutating func setReported(leaves: UnsafeBufferPointer<Int>, values: UnsafeBufferPointer<JSONValue>, timestamp: Int,
                                      changes: inout ReportedChanges) -> Bool {
        guard !leaves.isEmpty, document.deletedAt == nil, document.desired == nil,
              document.reportedStore.setLeaves(leaves, to: values, timestamp: timestamp, changes: &changes) else { return false }
        reportedGeneration += 1
        document.version += 1
        return true
    }

    /// Calls `body` with the metadata of a leaf stamped `timestamp`: `{"timestamp":N}`.
    private static func withStampLeaf<Result>(_ timestamp: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { leaf in
            let prefix: StaticString = #"{"timestamp":"#
            let start = leaf.baseAddress.unsafelyUnwrapped
            start.update(from: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
            var count = prefix.utf8CodeUnitCount
            count &+= JSONValue.writeDigits(of: timestamp, to: start + count)
            start[count] = UInt8(ascii: "}")
            return body(UnsafeRawBufferPointer(start: start, count: count &+ 1))
        }
    }

    /// Ends an `/update/accepted` payload whose metadata object `bytes` holds, open after its last
    /// part: closes it, then appends `state` (`"state":{…` open the same way), the timestamp and the version.
    private static func appendAcceptedTail(state: consuming JSONByteWriter, version: Int, timestamp: Int, into bytes: inout JSONByteWriter) {
        bytes.append("},")
        state.append("},")
        state.withUnsafeBytes { bytes.append($0) }
        bytes.append(#""timestamp":"#)
        JSONValue.writeInteger(timestamp, into: &bytes)
        bytes.append(#","version":"#)
        JSONValue.writeInteger(version, into: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Applies an already valid update without building its replies: a device's own copy of its
    /// shadow (``FirmwareCore/knownShadow``), which follows its reports and the deltas it applies but
    /// publishes nothing. The document, its version and the reported generation change as with
    /// ``apply(desired:reported:timestamp:token:)``; nothing is encoded.
    public mutating func record(desired: JSONValue?, reported: JSONValue?, timestamp: Int) {
        merge(desired: desired, reported: reported, timestamp: timestamp)
    }

    /// How long a deleted document's version is kept (48 hours, in seconds): "If you create a device
    /// shadow document that has the same name as one that was deleted within the past 48 hours, the
    /// version number of the new device shadow document will follow that of the deleted one. If a
    /// device shadow document has been deleted for more than 48 hours, the version number of a new
    /// device shadow document with the same name will be 0." (AWS IoT, "Interacting with shadows").
    public static let versionKeptAfterDelete = 48 * 3600

    /// Merges an update into the document, with its metadata, and counts the new version (which
    /// starts again when the document was deleted more than ``versionKeptAfterDelete`` ago). The
    /// device's report that only sets values the document has is written in place
    /// (``ReportedStore/setValues(_:timestamp:)``); anything else is merged as trees.
    private mutating func merge(desired: JSONValue?, reported: JSONValue?, timestamp: Int) {
        if let deletedAt = document.deletedAt {
            if timestamp - deletedAt > Self.versionKeptAfterDelete { document.version = 0 }
            document.deletedAt = nil
        }
        let desiredMetadata = desired.map { $0.isNull ? JSONValue.null : $0.metadata(timestamp: timestamp) }
        if let desired, let desiredMetadata {
            Self.merge(desired, into: &document.desired)
            Self.merge(desiredMetadata, into: &document.desiredMetadata)
        }
        if let reported {
            // The metadata has the report's shape: it leaves empty objects behind exactly when the report does.
            let prunes = reported.isNull || reported.containsNullOrEmptyObject
            if !prunes, case .object(let patch) = reported, document.reportedStore.setValues(patch, timestamp: timestamp) {
                // A device's report of new values: written in place, nothing else to do.
            } else {
                let reportedMetadata = reported.isNull ? JSONValue.null : reported.metadata(timestamp: timestamp)
                var trees = (reported: document.reportedStore.reported, metadata: document.reportedStore.metadata)
                document.reportedStore = ReportedStore()
                Self.merge(reported, into: &trees.reported, prunes: prunes)
                Self.merge(reportedMetadata, into: &trees.metadata, prunes: prunes)
                document.reportedStore = ReportedStore(reported: trees.reported, metadata: trees.metadata)
            }
            reportedGeneration += 1
        }
        document.version += 1
    }

    /// Merges `patch` into a stored node (`null` clears it), pruning only when the patch can leave
    /// empty objects behind.
    private static func merge(_ patch: JSONValue, into node: inout JSONValue?, prunes: Bool? = nil) {
        if patch.isNull {
            node = nil
            return
        }
        var merged = node ?? .emptyObject
        node = nil  // `merged` holds the only reference: the merge happens in place
        merged.merge(patch)
        if prunes ?? patch.containsNullOrEmptyObject {
            node = pruned(merged)
            return
        }
        node = merged == .emptyObject ? nil : merged
    }

    /// The `/update/accepted` payload of an applied update, written straight as bytes (sorted keys,
    /// as ``JSONValue/jsonData`` would write the object): the request's state and its metadata,
    /// the version and the timestamp, and the echoed `clientToken`. The metadata has the request's
    /// shape with every leaf stamped: each part of the request is written once with its metadata
    /// beside it (``JSONValue/write(into:metadata:leaf:)``), the state into a buffer of its own
    /// that follows the metadata.
    private static func accepted(desired: JSONValue?, reported: JSONValue?, version: Int, timestamp: Int, token: String?) -> Data {
        var bytes = JSONByteWriter(capacity: 1024)
        bytes.append(UInt8(ascii: "{"))
        if let token {
            bytes.append(#""clientToken":"#)
            JSONValue.writeString(token, into: &bytes)
            bytes.append(UInt8(ascii: ","))
        }
        var state = JSONByteWriter(capacity: 512)
        state.append(#""state":{"#)
        bytes.append(#""metadata":{"#)
        // `"desired":…` and `"reported":…` of the state, and the same of the metadata.
        func write(_ name: StaticString, _ part: JSONValue, leaf: UnsafeRawBufferPointer, state: inout JSONByteWriter,
                   metadata: inout JSONByteWriter) {
            state.append(name)
            metadata.append(name)
            if part.isNull {
                state.append("null")
                metadata.append("null")
            } else {
                part.write(into: &state, metadata: &metadata, leaf: leaf)
            }
        }
        withStampLeaf(timestamp) { leaf in
            if let desired { write(#""desired":"#, desired, leaf: leaf, state: &state, metadata: &bytes) }
            if let reported {
                if desired != nil {
                    state.append(UInt8(ascii: ","))
                    bytes.append(UInt8(ascii: ","))
                }
                write(#""reported":"#, reported, leaf: leaf, state: &state, metadata: &bytes)
            }
        }
        appendAcceptedTail(state: state, version: version, timestamp: timestamp, into: &bytes)
        return bytes.makeData(transient: true)
    }

    /// The `/update/documents` payload: the document as it is now (`current`) and as it was before
    /// the update (`previous`, or `current` with the values and timestamps of `changes` as they were),
    /// sorted keys, written straight into the buffer the `Data` keeps.
    private func documents(previous: ShadowDocument?, changes: ReportedChanges, timestamp: Int, token: String?) -> Data {
        documentsBytes(previous: previous, changes: changes, timestamp: timestamp, token: token, bothHalves: false).makeData(transient: true)
    }

    /// ``documents(previous:changes:timestamp:token:)`` as written, sized for both halves at once when `bothHalves`.
    private func documentsBytes(previous: ShadowDocument?, changes: ReportedChanges, timestamp: Int, token: String?,
                                bothHalves: Bool) -> JSONByteWriter {
        // Sized for `current` (its shape's texts and room for its values), then for `previous` once
        // `current` is written: a payload kept while it waits for the socket is not twice its size.
        // A leaf report's `previous` is `current` with a few values as they were, so there both are sized at once.
        let estimate = document.encodedByteCountEstimate
        var bytes = JSONByteWriter(capacity: (bothHalves ? 2 * estimate + 64 : estimate) + (token?.utf8.count ?? 0) + 128)
        bytes.append(UInt8(ascii: "{"))
        if let token {
            bytes.append(#""clientToken":"#)
            JSONValue.writeString(token, into: &bytes)
            bytes.append(UInt8(ascii: ","))
        }
        bytes.append(#""current":"#)
        withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: changes.count &* 2) { marks in
            let layout = document.writeDocumentsNode(into: &bytes, marking: changes, marks: marks)
            bytes.append(#","previous":"#)
            bytes.reserveCapacity(forAdditional: (previous?.encodedByteCountEstimate ?? layout.whole.count + 64) + 64)
            if let previous {
                previous.writeDocumentsNode(into: &bytes)
            } else {
                ShadowDocument.appendPrevious(of: layout, changes: changes, version: document.version - 1, into: &bytes)
            }
        }
        bytes.append(#","timestamp":"#)
        JSONValue.writeInteger(timestamp, into: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// Handles a `shadow/delete` request (of the named shadow `name`, whose 404 names it).
    public mutating func delete(payload: Data, timestamp: Int, name: ShadowName? = nil) -> ShadowResult {
        let token: String?
        do {
            token = try ShadowRequestDecoder.decode(payload, operation: .delete).clientToken
        } catch {
            return reject(.deleteRejected, error, timestamp: timestamp, token: error.clientToken)
        }
        guard document.exists else {
            return reject(.deleteRejected, ShadowRejection.notFound(named: name), timestamp: timestamp, token: token)
        }
        let version = document.version
        document = ShadowDocument(version: version, deletedAt: timestamp)
        reportedGeneration += 1
        var reply: JSONObject = ["version": .int(version), "timestamp": .int(timestamp)]
        if let token { reply["clientToken"] = .string(token) }
        return ShadowResult(publications: [ShadowPublication(.deleteAccepted, .object(reply))], documentChanged: true)
    }

    private func reject(_ channel: ShadowPublication.Channel, _ rejection: ShadowRejection, timestamp: Int, token: String?) -> ShadowResult {
        var payload = rejection
        payload.timestamp = timestamp
        payload.clientToken = token
        return ShadowResult(publications: [ShadowPublication(channel, payload.jsonValue)])
    }

    /// Removes empty objects left behind by deletions; `nil` when nothing remains.
    static func pruned(_ value: JSONValue) -> JSONValue? {
        guard case .object(let fields) = value else { return value }
        var result: JSONObject = [:]
        for (key, child) in fields {
            if case .object(let inner) = child {
                if inner.isEmpty { continue }
                if let kept = pruned(child) { result[key] = kept }
            } else {
                result[key] = child
            }
        }
        return result.isEmpty ? nil : .object(result)
    }

    /// The part of `metadata` whose paths appear in `shape`.
    static func restrict(_ metadata: JSONValue, to shape: JSONValue) -> JSONValue {
        guard case .object(let fields) = shape else { return metadata }
        var result: JSONObject = [:]
        for (key, child) in fields {
            if let meta = metadata[key] { result[key] = restrict(meta, to: child) }
        }
        return .object(result)
    }
}

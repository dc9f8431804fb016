import Foundation
import HatchDeviceModel

/// The AWS IoT classic shadow service for one device, as a pure value: it takes request payloads
/// and answers with the exact publications AWS would make (`/get/accepted`, `/update/accepted`
/// with `version` and echoed `clientToken`, `/update/documents`, `/update/delta`, and
/// `/rejected` with `{code, message}`: 400 malformed or wrong type, 409 version conflict,
/// 413 state over 8 KB, 404 no shadow).
public struct DeviceShadow: Sendable, Hashable {
    /// The stored document.
    public private(set) var document: ShadowDocument

    /// Creates the service over a stored document.
    public init(document: ShadowDocument = ShadowDocument()) {
        self.document = document
    }

    /// Handles a `shadow/get` request.
    public func get(payload: Data, timestamp: Int) -> ShadowResult {
        let request = try? JSONValue(data: payload)
        let token = request?["clientToken"]?.stringValue
        if !payload.isEmpty, request?.objectValue == nil {
            return ShadowResult(publications: [ShadowPublication(.getRejected, ShadowRejection(
                code: 400, message: ShadowRejection.invalidJSON.message, timestamp: timestamp).jsonValue)])
        }
        guard document.exists else {
            return ShadowResult(publications: [ShadowPublication(.getRejected, ShadowRejection(
                code: 404, message: ShadowRejection.notFound.message, timestamp: timestamp, clientToken: token).jsonValue)])
        }
        var reply: [String: JSONValue] = [
            "state": document.stateNode(includingDelta: true), "metadata": document.metadataNode,
            "version": .int(document.version), "timestamp": .int(timestamp),
        ]
        if let token { reply["clientToken"] = .string(token) }
        return ShadowResult(publications: [ShadowPublication(.getAccepted, .object(reply))])
    }

    /// Handles a `shadow/update` request from anyone (app, CLI, device). Validates it, applies
    /// it and returns the replies.
    public mutating func update(payload: Data, timestamp: Int, schema: StateSchema = .shadowState) -> ShadowResult {
        let request: JSONValue
        do {
            request = try JSONValue(data: payload)
        } catch {
            return reject(.updateRejected, ShadowRejection.invalidJSON, timestamp: timestamp, token: nil)
        }
        guard let fields = request.objectValue else {
            return reject(.updateRejected, ShadowRejection.invalidJSON, timestamp: timestamp, token: nil)
        }
        var token: String?
        if let value = fields["clientToken"] {
            guard let text = value.stringValue else {
                return reject(.updateRejected, ShadowRejection(code: 400, message: "Invalid clientToken: it must be a string"),
                              timestamp: timestamp, token: nil)
            }
            guard text.utf8.count <= 64 else {
                return reject(.updateRejected, ShadowRejection(code: 400, message: "clientToken must be at most 64 bytes"),
                              timestamp: timestamp, token: nil)
            }
            token = text
        }
        guard let state = fields["state"] else {
            return reject(.updateRejected, ShadowRejection.missingState, timestamp: timestamp, token: token)
        }
        guard let stateFields = state.objectValue else {
            return reject(.updateRejected, ShadowRejection(code: 400, message: "State node must be an object"), timestamp: timestamp, token: token)
        }
        if state.encodedByteCount > WireConstants.maximumStateBytes {
            return reject(.updateRejected, ShadowRejection.payloadTooLarge, timestamp: timestamp, token: token)
        }
        for key in stateFields.keys.sorted() {
            guard key == "desired" || key == "reported" else {
                return reject(.updateRejected, ShadowRejection(code: 400, message: "State contains an invalid node: '\(key)'"),
                              timestamp: timestamp, token: token)
            }
            let node = stateFields[key]!
            guard node.isNull || node.objectValue != nil else {
                return reject(.updateRejected, ShadowRejection(code: 400, message: "Invalid \(key) node: it must be an object or null"),
                              timestamp: timestamp, token: token)
            }
            if let problem = schema.problem(in: node) {
                let message = "Invalid \(key) state: " + problem.replacingOccurrences(of: "state ", with: "")
                return reject(.updateRejected, ShadowRejection(code: 400, message: message), timestamp: timestamp, token: token)
            }
        }
        if let value = fields["version"] {
            guard let version = value.intValue else {
                return reject(.updateRejected, ShadowRejection(code: 400, message: "Invalid version: it must be an integer"),
                              timestamp: timestamp, token: token)
            }
            guard version == document.version else {
                return reject(.updateRejected, ShadowRejection.versionConflict, timestamp: timestamp, token: token)
            }
        }
        return apply(desired: stateFields["desired"], reported: stateFields["reported"], timestamp: timestamp, token: token)
    }

    /// Applies an already valid update (used for the device's own reports) and builds the replies.
    public mutating func apply(desired: JSONValue?, reported: JSONValue?, timestamp: Int, token: String?) -> ShadowResult {
        let previous = document
        if let desired {
            if desired.isNull {
                document.desired = nil
                document.desiredMetadata = nil
            } else {
                document.desired = Self.pruned((document.desired ?? .emptyObject).merging(desired))
                document.desiredMetadata = Self.pruned((document.desiredMetadata ?? .emptyObject).merging(desired.metadata(timestamp: timestamp)))
            }
        }
        if let reported {
            if reported.isNull {
                document.reported = nil
                document.reportedMetadata = nil
            } else {
                document.reported = Self.pruned((document.reported ?? .emptyObject).merging(reported))
                document.reportedMetadata = Self.pruned((document.reportedMetadata ?? .emptyObject).merging(reported.metadata(timestamp: timestamp)))
            }
        }
        document.version += 1

        var requestState: [String: JSONValue] = [:]
        var requestMetadata: [String: JSONValue] = [:]
        if let desired {
            requestState["desired"] = desired
            requestMetadata["desired"] = desired.isNull ? .null : desired.metadata(timestamp: timestamp)
        }
        if let reported {
            requestState["reported"] = reported
            requestMetadata["reported"] = reported.isNull ? .null : reported.metadata(timestamp: timestamp)
        }
        var accepted: [String: JSONValue] = [
            "state": .object(requestState), "metadata": .object(requestMetadata),
            "version": .int(document.version), "timestamp": .int(timestamp),
        ]
        if let token { accepted["clientToken"] = .string(token) }
        var documents: [String: JSONValue] = [
            "previous": previous.documentsNode, "current": document.documentsNode, "timestamp": .int(timestamp),
        ]
        if let token { documents["clientToken"] = .string(token) }
        var publications = [ShadowPublication(.updateAccepted, .object(accepted)), ShadowPublication(.updateDocuments, .object(documents))]

        var deltaForDevice: JSONValue?
        if let desired, !desired.isNull, let delta = document.delta {
            var message: [String: JSONValue] = [
                "state": delta, "metadata": Self.restrict(document.desiredMetadata ?? .emptyObject, to: delta),
                "version": .int(document.version), "timestamp": .int(timestamp),
            ]
            if let token { message["clientToken"] = .string(token) }
            publications.append(ShadowPublication(.updateDelta, .object(message)))
            deltaForDevice = delta
        }
        return ShadowResult(publications: publications, deltaForDevice: deltaForDevice, documentChanged: true)
    }

    /// Handles a `shadow/delete` request.
    public mutating func delete(payload: Data, timestamp: Int) -> ShadowResult {
        let token = (try? JSONValue(data: payload))?["clientToken"]?.stringValue
        guard document.exists else {
            return reject(.deleteRejected, ShadowRejection.notFound, timestamp: timestamp, token: token)
        }
        let version = document.version
        document = ShadowDocument(version: version)
        var reply: [String: JSONValue] = ["version": .int(version), "timestamp": .int(timestamp)]
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
        var result: [String: JSONValue] = [:]
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
        var result: [String: JSONValue] = [:]
        for (key, child) in fields {
            if let meta = metadata[key] { result[key] = restrict(meta, to: child) }
        }
        return .object(result)
    }
}

import Foundation
import HatchDeviceModel

/// Reads the payload of a `shadow/get`, `shadow/update` or `shadow/delete` request and refuses it
/// the way AWS IoT does (see "Device Shadow error messages"): 413 over 128 KB, 415 not UTF-8,
/// 400 invalid JSON, invalid `clientToken` or `version`, a missing or non-object `state`, a node
/// other than `desired`/`reported`, more than 6 levels of nesting, a field of the wrong type or
/// out of range (`StateSchema`), and 413 when the state is over 8 KB. Pure, so it can be fuzzed.
public enum ShadowRequestDecoder {
    /// Which request the payload belongs to.
    public enum Operation: String, Sendable, CaseIterable {
        /// `shadow/get`: an empty payload or `{"clientToken"}`.
        case get
        /// `shadow/update`: `{"state": {"desired"|"reported": …}, "clientToken", "version"}`.
        case update
        /// `shadow/delete`: an empty payload or `{"clientToken"}`.
        case delete

        /// The request's label in the message counters.
        public var messageKind: MessageKind {
            switch self {
            case .get: .shadowGet
            case .update: .shadowUpdate
            case .delete: .shadowDelete
            }
        }
    }

    /// A request that passed every check.
    public struct Request: Sendable, Hashable {
        /// Echoed in the replies.
        public var clientToken: String?
        /// The version the requester expects (update only); 409 when it is not current.
        public var version: Int?
        /// `state.desired` (`.null` clears it).
        public var desired: JSONValue?
        /// `state.reported` (`.null` clears it).
        public var reported: JSONValue?
    }

    /// The most levels of nesting AWS allows in `desired` or `reported`.
    public static let maximumDepth = 6

    /// The top-level fields each operation reads; any other is refused with 400.
    static func allowedFields(_ operation: Operation) -> Set<String> {
        operation == .update ? ["state", "clientToken", "version"] : ["clientToken"]
    }

    /// Decodes and checks a request; throws the `{code, message, clientToken}` to publish on `/rejected`.
    public static func decode(_ payload: Data, operation: Operation, schema: StateSchema = .shadowState) throws(ShadowRejection) -> Request {
        if payload.isEmpty, operation != .update { return Request() }
        let fields = try RequestPayload.object(payload)
        let token = RequestPayload.echoedToken(in: fields)
        func reject(_ message: String, code: Int = 400) -> ShadowRejection {
            ShadowRejection(code: code, message: message, clientToken: token)
        }
        let clientToken = try RequestPayload.clientToken(in: fields)
        if operation == .update, fields["state"] == nil { throw reject(ShadowRejection.missingState.message) }
        try RequestPayload.checkFields(fields, allowed: allowedFields(operation))
        var request = Request(clientToken: clientToken)
        guard operation == .update, let state = fields["state"] else { return request }

        guard let stateFields = state.objectValue else { throw reject("State node must be an object") }
        if state.encodedByteCount > WireConstants.maximumStateBytes {
            throw reject(ShadowRejection.payloadTooLarge.message, code: 413)
        }
        for key in stateFields.keys.sorted() {
            guard key == "desired" || key == "reported" else { throw reject("State contains an invalid node: '\(key)'") }
            let node = stateFields[key]!
            guard node.isNull || node.objectValue != nil else { throw reject("\(key.capitalized) node must be an object") }
            if depth(of: node) > maximumDepth {
                throw reject("JSON contains too many levels of nesting; maximum is \(maximumDepth) (in \(key))")
            }
            if let problem = schema.problem(in: node) {
                throw reject("Invalid \(key) state: " + problem.replacingOccurrences(of: "state ", with: ""))
            }
        }
        if let value = fields["version"] {
            guard let version = value.intValue, version >= 0 else { throw reject("Invalid version: it must be a whole number 0 or more") }
            request.version = version
        }
        request.desired = stateFields["desired"]
        request.reported = stateFields["reported"]
        return request
    }

    /// Levels of nesting: 1 for an object or array of scalars, 0 for a scalar.
    static func depth(of value: JSONValue) -> Int {
        switch value {
        case .object(let fields): return 1 + (fields.values.map(depth(of:)).max() ?? 0)
        case .array(let elements): return 1 + (elements.map(depth(of:)).max() ?? 0)
        default: return 0
        }
    }
}

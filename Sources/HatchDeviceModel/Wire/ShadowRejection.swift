/// An AWS IoT shadow error response, published on `/get/rejected`, `/update/rejected` and
/// `/delete/rejected`: `{code, message, timestamp, clientToken}`.
public struct ShadowRejection: Sendable, Hashable, Codable, Error {
    /// HTTP-style code: 400 bad request, 404 not found, 409 version conflict, 413 too large, 503 unavailable.
    public var code: Int
    /// What was wrong.
    public var message: String
    /// Epoch second of the response.
    public var timestamp: Int? = nil
    /// The request's `clientToken`, echoed.
    public var clientToken: String? = nil

    /// Creates a shadow error response.
    public init(code: Int, message: String, timestamp: Int? = nil, clientToken: String? = nil) {
        self.code = code
        self.message = message
        self.timestamp = timestamp
        self.clientToken = clientToken
    }

    /// The wire form.
    public var jsonValue: JSONValue {
        var fields: JSONObject = ["code": .int(code), "message": .string(message)]
        if let timestamp { fields["timestamp"] = .int(timestamp) }
        if let clientToken { fields["clientToken"] = .string(clientToken) }
        return .object(fields)
    }

    /// 400: the payload is not valid JSON.
    public static let invalidJSON = ShadowRejection(code: 400, message: "Payload contains invalid json")
    /// 400: no `state` node.
    public static let missingState = ShadowRejection(code: 400, message: "Missing required node: state")
    /// 409: the request's `version` is not the shadow's.
    public static let versionConflict = ShadowRejection(code: 409, message: "Version conflict")
    /// 413: the `state` is larger than 8 KB.
    public static let payloadTooLarge = ShadowRejection(code: 413, message: "The payload exceeds the maximum size allowed")
    /// 404: there is no classic shadow yet.
    public static let notFound = ShadowRejection.notFound(named: nil)

    /// 404: there is no shadow `name` yet (`nil`: the classic shadow, which AWS names `''`).
    public static func notFound(named name: ShadowName?) -> ShadowRejection {
        ShadowRejection(code: 404, message: "No shadow exists with name: '\(name?.rawValue ?? "")'")
    }
}

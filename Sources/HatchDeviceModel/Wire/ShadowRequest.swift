/// Builders for AWS IoT classic shadow request payloads.
public enum ShadowRequest {
    /// A `shadow/update` request setting `state.desired` (and optionally `state.reported`), with an
    /// optional `clientToken` (echoed in the reply) and `version` (409 when it is not current).
    public static func update(desired: JSONValue? = nil, reported: JSONValue? = nil, clientToken: String? = nil,
                              version: Int? = nil) -> JSONValue {
        var state: JSONObject = [:]
        if let desired { state["desired"] = desired }
        if let reported { state["reported"] = reported }
        var request: JSONObject = ["state": .object(state)]
        if let clientToken { request["clientToken"] = .string(clientToken) }
        if let version { request["version"] = .int(version) }
        return .object(request)
    }

    /// A `shadow/get` request.
    public static func get(clientToken: String? = nil) -> JSONValue {
        guard let clientToken else { return .emptyObject }
        return ["clientToken": .string(clientToken)]
    }
}

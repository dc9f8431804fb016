import Foundation

/// A request to change a device's routines or alarms, published on `…/{routines|alarms}/request`:
/// `{"op": "create", "routine": {…}, "clientToken": "…", "dataVersion": 3}`. When `dataVersion` is
/// present and not the current one, the request is rejected with 409.
public struct RecordRequest<Item: DeviceRecord>: Sendable, Hashable {
    /// The operation.
    public var op: RecordOperation
    /// The record for create and edit.
    public var item: Item? = nil
    /// The record id for delete and enable.
    public var id: Int? = nil
    /// The new enabled value for enable (default true).
    public var enabled: Bool? = nil
    /// Echoed in the reply.
    public var clientToken: String? = nil
    /// Optimistic concurrency: the data version the requester last saw.
    public var dataVersion: Int? = nil

    /// Creates a routines or alarms request; pass the fields its `op` needs.
    public init(
        op: RecordOperation,
        item: Item? = nil,
        id: Int? = nil,
        enabled: Bool? = nil,
        clientToken: String? = nil,
        dataVersion: Int? = nil
    ) {
        self.op = op
        self.item = item
        self.id = id
        self.enabled = enabled
        self.clientToken = clientToken
        self.dataVersion = dataVersion
    }

    /// The wire form.
    public var jsonValue: JSONValue {
        var fields: JSONObject = ["op": .string(op.rawValue)]
        if let item, let value = try? JSONValue(encoding: item) { fields[Item.singularKey] = value }
        if let id { fields["id"] = .int(id) }
        if let enabled { fields["enabled"] = .bool(enabled) }
        if let clientToken { fields["clientToken"] = .string(clientToken) }
        if let dataVersion { fields["dataVersion"] = .int(dataVersion) }
        return .object(fields)
    }

    /// Reads a request payload as the device does: 413 over 128 KB, 415 not UTF-8, 400 not a JSON
    /// object, then ``init(jsonValue:)``.
    public init(payload: Data) throws(ShadowRejection) {
        try self.init(jsonValue: .object(try RequestPayload.object(payload)))
    }

    /// The fields a request may carry; any other is refused with 400, so a misspelt field never
    /// passes unnoticed.
    public static var allowedFields: Set<String> { ["op", Item.singularKey, "id", "enabled", "clientToken", "dataVersion"] }

    /// Reads a request; throws a 400 ``ShadowRejection`` naming the bad field.
    public init(jsonValue: JSONValue) throws(ShadowRejection) {
        guard let fields = jsonValue.objectValue else {
            throw ShadowRejection(code: 400, message: "The request must be a JSON object")
        }
        let token = try RequestPayload.clientToken(in: fields)
        try RequestPayload.checkFields(fields, allowed: Self.allowedFields)
        guard let opText = fields["op"]?.stringValue, let op = RecordOperation(rawValue: opText) else {
            throw ShadowRejection(code: 400, message: "op must be one of create, edit, delete, enable", clientToken: token)
        }
        self.op = op
        self.clientToken = token
        if let value = fields["dataVersion"] {
            guard let version = value.intValue else {
                throw ShadowRejection(code: 400, message: "dataVersion must be an integer", clientToken: token)
            }
            dataVersion = version
        }
        if let value = fields["id"] {
            guard let id = value.intValue else {
                throw ShadowRejection(code: 400, message: "id must be an integer", clientToken: token)
            }
            self.id = id
        }
        if let value = fields["enabled"] {
            guard let enabled = value.boolValue else {
                throw ShadowRejection(code: 400, message: "enabled must be true or false", clientToken: token)
            }
            self.enabled = enabled
        }
        if let value = fields[Item.singularKey] {
            do {
                item = try value.decode(Item.self)
            } catch {
                throw ShadowRejection(code: 400, message: "\(Item.singularKey) is not valid: \(DecodingProblem.describe(error))",
                                      clientToken: token)
            }
        }
    }
}

/// Turns a `DecodingError` into a short sentence naming the field.
public enum DecodingProblem {
    /// `field a.b: expected Int` style text.
    public static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "field \(path(context)) must be \(type)"
        case .valueNotFound(let type, let context):
            return "field \(path(context)) must be \(type), not null"
        case .keyNotFound(let key, let context):
            let prefix = path(context)
            return "field \(prefix.isEmpty ? key.stringValue : prefix + "." + key.stringValue) is missing"
        case .dataCorrupted(let context):
            return "field \(path(context)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }
}

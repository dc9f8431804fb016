import Foundation

/// The checks every request payload passes before its fields are read, in the order AWS IoT
/// applies them: size (413), encoding (415), JSON syntax (400), a JSON object (400). Shadow,
/// record and fleet-control requests share them, so a payload is refused the same way on every topic.
public enum RequestPayload {
    /// The largest request payload read at all: AWS IoT's 128 KB MQTT message limit. Larger
    /// payloads are refused with 413 before they are parsed.
    public static let maximumBytes = 128 * 1024

    /// The longest `clientToken` AWS accepts (64 bytes of UTF-8).
    public static let maximumClientTokenBytes = 64

    /// 415: the payload is not UTF-8.
    public static let unsupportedEncoding = ShadowRejection(code: 415, message: "Unsupported documented encoding; supported encoding is UTF-8")

    /// Parses `payload` as a JSON object, or throws the rejection AWS would answer with.
    public static func object(_ payload: Data) throws(ShadowRejection) -> JSONObject {
        guard payload.count <= maximumBytes else {
            throw ShadowRejection.payloadTooLarge
        }
        guard isUTF8(payload) else { throw unsupportedEncoding }
        let value: JSONValue
        do {
            value = try JSONValue(data: payload)
        } catch {
            throw ShadowRejection.invalidJSON
        }
        guard let fields = value.objectValue else { throw ShadowRejection.invalidJSON }
        return fields
    }

    /// Whether `payload` is well-formed UTF-8.
    public static func isUTF8(_ payload: Data) -> Bool {
        payload.withUnsafeBytes { raw in
            String(validating: raw.bindMemory(to: UInt8.self), as: UTF8.self) != nil
        }
    }

    /// The request's `clientToken`: `nil` when absent; throws 400 when it is not a string of at
    /// most 64 bytes (AWS's "Invalid clientToken").
    public static func clientToken(in fields: JSONObject) throws(ShadowRejection) -> String? {
        guard let value = fields["clientToken"] else { return nil }
        guard let token = value.stringValue, token.utf8.count <= maximumClientTokenBytes else {
            throw ShadowRejection(code: 400, message: "Invalid clientToken: it must be a string of at most \(maximumClientTokenBytes) bytes")
        }
        return token
    }

    /// The `clientToken` to echo in a rejection of these fields: the token when it is valid.
    public static func echoedToken(in fields: JSONObject) -> String? {
        (try? clientToken(in: fields)) ?? nil
    }

    /// Throws 400 naming the first field (sorted) that is not in `allowed`.
    public static func checkFields(_ fields: JSONObject, allowed: Set<String>, node: String = "Request") throws(ShadowRejection) {
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw ShadowRejection(code: 400, message: "\(node) contains an invalid node: '\(unknown)'; allowed: \(allowed.sorted().joined(separator: ", "))",
                                  clientToken: echoedToken(in: fields))
        }
    }
}

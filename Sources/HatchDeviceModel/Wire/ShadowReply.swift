import Foundation

/// A reply on a shadow or record request's `/accepted` or `/rejected` topic, with the `clientToken`
/// that pairs it with its request.
package struct ShadowReply: Sendable {
    /// Accepted or rejected.
    package var accepted: Bool
    /// The reply's JSON.
    package var body: JSONValue

    /// Reads a reply message; nil when the payload is not JSON or the topic is not a reply topic.
    package init?(topic: String, payload: Data) {
        let accepted = topic.hasSuffix("/accepted")
        guard accepted || topic.hasSuffix("/rejected"), let body = try? JSONValue(data: payload) else { return nil }
        self.accepted = accepted
        self.body = body
    }

    /// The `clientToken` the reply echoes, if any.
    package var clientToken: String? { body["clientToken"]?.stringValue }
}

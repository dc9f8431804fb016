import Foundation

/// One message of the log whole, as `/api/log/message?sequence=…` answers it: the rows carry payloads
/// cut at ``MessageLogEntry/payloadLimit``, while the tree view needs the whole payload and the one
/// before it on the same topic.
package struct LoggedMessage: Sendable, Hashable, Codable {
    /// The message's ``MessageLogEntry/sequence``.
    package var sequence: Int
    /// Its topic.
    package var topic: String
    /// Its whole payload, as text.
    package var payload: String
    /// The whole payload of the message before it on the same topic, while the engine keeps it.
    package var previous: String?

    /// A message and the one before it on its topic.
    package init(sequence: Int, topic: String, payload: Data, previous: Data?) {
        self.sequence = sequence
        self.topic = topic
        self.payload = String(decoding: payload, as: UTF8.self)
        self.previous = previous.map { String(decoding: $0, as: UTF8.self) }
    }
}

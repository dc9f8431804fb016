import Foundation
import HatchDeviceModel

/// What the shadow service keeps per thing: the document (with its version) and the client tokens
/// of the updates it accepted recently, so that an update repeated after a restart is answered, not applied.
public struct PersistedShadow: Sendable, Hashable, Codable {
    /// The shadow document.
    public var document: ShadowDocument
    /// The client tokens of recently accepted updates.
    public var recentUpdates: ClientTokenWindow<AcceptedUpdate> = ClientTokenWindow()
    /// When it was saved (real time).
    public var savedAt: Date = Date()

    /// Creates what the shadow service keeps per thing.
    public init(document: ShadowDocument, recentUpdates: ClientTokenWindow<AcceptedUpdate> = ClientTokenWindow(), savedAt: Date = Date()) {
        self.document = document
        self.recentUpdates = recentUpdates
        self.savedAt = savedAt
    }

    /// The file's JSON: the fields and values `JSONEncoder` writes (sorted keys, dates as Unix
    /// seconds), which `JSONDecoder` reads back, but built as a `JSONValue` over the document's own
    /// trees: the service writes thousands of these a second, and Foundation's encoder took most of
    /// that time.
    var jsonValue: JSONValue {
        var document: JSONObject = ["version": .int(self.document.version)]
        if let desired = self.document.desired { document["desired"] = desired }
        if let reported = self.document.reported { document["reported"] = reported }
        if let metadata = self.document.desiredMetadata { document["desiredMetadata"] = metadata }
        if let metadata = self.document.reportedMetadata { document["reportedMetadata"] = metadata }
        if let deletedAt = self.document.deletedAt { document["deletedAt"] = .int(deletedAt) }
        let entries = recentUpdates.entries.map { entry -> JSONValue in
            ["token": .string(entry.token), "acceptedAt": .double(entry.acceptedAt.timeIntervalSince1970),
             "reply": ["version": .int(entry.reply.version), "timestamp": .int(entry.reply.timestamp)]]
        }
        let window: JSONObject = ["entries": .array(entries), "capacity": .int(recentUpdates.capacity),
                                  "lifetime": .double(recentUpdates.lifetime)]
        return ["document": .object(document), "recentUpdates": .object(window), "savedAt": .double(savedAt.timeIntervalSince1970)]
    }
}

import Foundation

/// What the shadow service keeps per thing: the document (with its version) and the client tokens
/// of the updates it accepted recently, so that an update repeated after a restart is answered, not applied.
public struct PersistedShadow: Sendable, Hashable, Codable {
    /// The shadow document.
    public var document: ShadowDocument
    /// The client tokens of recently accepted updates.
    public var recentUpdates: ClientTokenWindow<AcceptedUpdate>
    /// When it was saved (real time).
    public var savedAt: Date

    /// Creates a snapshot.
    public init(document: ShadowDocument, recentUpdates: ClientTokenWindow<AcceptedUpdate> = ClientTokenWindow(), savedAt: Date = Date()) {
        self.document = document
        self.recentUpdates = recentUpdates
        self.savedAt = savedAt
    }
}

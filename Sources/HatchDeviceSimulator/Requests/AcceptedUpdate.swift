/// What the shadow answered to an accepted update, kept per `clientToken` so that a repeated
/// request gets the same `/update/accepted` reply.
public struct AcceptedUpdate: Sendable, Hashable, Codable {
    /// The document version the update produced.
    public var version: Int
    /// The (simulated) epoch second of the reply.
    public var timestamp: Int

    /// Creates the remembered answer to an accepted shadow update.
    public init(version: Int, timestamp: Int) {
        self.version = version
        self.timestamp = timestamp
    }
}

/// A request from a client that carried a `clientToken`, as the device handled it: applied, or
/// recognised as a repeat of one already applied and only answered again.
public struct ClientRequest: Sendable, Hashable {
    /// Which kind of request.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `shadow/update`.
        case shadowUpdate
        /// A routine record request.
        case routines
        /// An alarm record request.
        case alarms
    }

    /// Which kind of request.
    public var kind: Kind
    /// Its `clientToken`.
    public var clientToken: String
    /// `true` when it repeated an accepted request and was answered without being applied again.
    public var repeated: Bool

    /// Creates a client request record.
    public init(kind: Kind, clientToken: String, repeated: Bool) {
        self.kind = kind
        self.clientToken = clientToken
        self.repeated = repeated
    }
}

/// A username and password sent in the CONNECT packet.
public struct MQTTCredentials: Sendable, Hashable {
    /// The username.
    public var username: String
    /// The password (`nil` sends the username alone).
    public var password: String?

    /// Creates a username and password sent in the CONNECT packet.
    public init(username: String, password: String?) {
        self.username = username
        self.password = password
    }
}

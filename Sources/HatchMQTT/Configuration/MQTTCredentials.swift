import HatchMemberwiseInit

/// A username and password sent in the CONNECT packet.
@MemberwiseInit(.public)
public struct MQTTCredentials: Sendable, Hashable {
    /// The username.
    public var username: String
    /// The password (`nil` sends the username alone).
    public var password: String?
}

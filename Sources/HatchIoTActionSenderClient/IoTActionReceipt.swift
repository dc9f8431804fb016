import HatchMemberwiseInit

/// Proof that the shadow accepted an action.
@MemberwiseInit(.public)
public struct IoTActionReceipt: Sendable, Hashable {
    /// The `clientToken` the request carried and the reply echoed.
    public var clientToken: String
    /// The shadow version after the update.
    public var version: Int
}

/// Proof that the shadow accepted an action.
public struct IoTActionReceipt: Sendable, Hashable {
    /// The `clientToken` the request carried and the reply echoed.
    public var clientToken: String
    /// The shadow version after the update.
    public var version: Int

    /// Creates an action receipt.
    public init(clientToken: String, version: Int) {
        self.clientToken = clientToken
        self.version = version
    }
}

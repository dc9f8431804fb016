/// Proof that the device accepted a routine or alarm request.
public struct IoTRecordReceipt: Sendable, Hashable {
    /// The `clientToken` the request carried and the reply echoed.
    public var clientToken: String
    /// The record collection's `dataVersion` after the change.
    public var dataVersion: Int
    /// The id of the record the request touched (the new id for a create), when the reply names it.
    public var id: Int?

    /// Creates a routine or alarm request receipt.
    public init(clientToken: String, dataVersion: Int, id: Int?) {
        self.clientToken = clientToken
        self.dataVersion = dataVersion
        self.id = id
    }
}

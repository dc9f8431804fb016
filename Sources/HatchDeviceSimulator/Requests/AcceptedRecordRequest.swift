import HatchDeviceModel

/// What a device answered to an accepted routine or alarm request, kept per `clientToken` so that
/// a repeated request gets the same `/accepted` reply.
public struct AcceptedRecordRequest: Sendable, Hashable, Codable {
    /// The operation.
    public var op: RecordOperation
    /// The data version after it.
    public var dataVersion: Int
    /// The (simulated) epoch second of the reply.
    public var timestamp: Int
    /// The id of the record it created, changed or removed.
    public var id: Int? = nil

    /// Creates the remembered answer to an accepted routine or alarm request.
    public init(op: RecordOperation, dataVersion: Int, timestamp: Int, id: Int? = nil) {
        self.op = op
        self.dataVersion = dataVersion
        self.timestamp = timestamp
        self.id = id
    }
}

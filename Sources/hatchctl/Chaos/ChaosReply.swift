import HatchDeviceModel

/// A reply the chaos client matched to one of its requests by `clientToken`.
struct ChaosReply: Sendable {
    /// Accepted or rejected.
    var accepted: Bool
    /// The reply's JSON.
    var body: JSONValue
}

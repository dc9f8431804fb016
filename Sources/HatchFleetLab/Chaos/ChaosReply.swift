import HatchDeviceModel

/// A reply the chaos client matched to one of its requests by `clientToken`.
package struct ChaosReply: Sendable {
    /// Accepted or rejected.
    package var accepted: Bool
    /// The reply's JSON.
    package var body: JSONValue
}

import HatchDeviceModel

/// The outcome of one shadow request: what to publish, and the delta the device must now apply
/// (present when an accepted update left desired fields that differ from reported).
public struct ShadowResult: Sendable, Hashable {
    /// Replies, in publication order.
    public var publications: [ShadowPublication]
    /// The delta for the device, when there is one.
    public var deltaForDevice: JSONValue? = nil
    /// Whether the stored document changed (persist it).
    public var documentChanged: Bool = false
    /// The `clientToken` of an update that was applied.
    public var appliedClientToken: String? = nil
    /// The `clientToken` of an update that repeated an accepted one: answered again, not applied.
    public var repeatedClientToken: String? = nil

    /// Creates the outcome of one shadow request.
    public init(
        publications: [ShadowPublication],
        deltaForDevice: JSONValue? = nil,
        documentChanged: Bool = false,
        appliedClientToken: String? = nil,
        repeatedClientToken: String? = nil
    ) {
        self.publications = publications
        self.deltaForDevice = deltaForDevice
        self.documentChanged = documentChanged
        self.appliedClientToken = appliedClientToken
        self.repeatedClientToken = repeatedClientToken
    }

    /// The rejection, if the request was rejected.
    public var rejection: JSONValue? {
        publications.first { [.getRejected, .updateRejected, .deleteRejected].contains($0.channel) }?.payload
    }
}

import HatchDeviceModel

/// The outcome of one shadow request: what to publish, and the delta the device must now apply
/// (present when an accepted update left desired fields that differ from reported).
public struct ShadowResult: Sendable, Hashable {
    /// Replies, in publication order.
    public var publications: [ShadowPublication]
    /// The delta for the device, when there is one.
    public var deltaForDevice: JSONValue?
    /// Whether the stored document changed (persist it).
    public var documentChanged: Bool

    /// Creates a result.
    public init(publications: [ShadowPublication], deltaForDevice: JSONValue? = nil, documentChanged: Bool = false) {
        self.publications = publications
        self.deltaForDevice = deltaForDevice
        self.documentChanged = documentChanged
    }

    /// The rejection, if the request was rejected.
    public var rejection: JSONValue? {
        publications.first { [.getRejected, .updateRejected, .deleteRejected].contains($0.channel) }?.payload
    }
}

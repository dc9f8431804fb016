import Foundation

/// What the state folder keeps per device: its flash (settings), its shadow document and the client
/// tokens it accepted recently.
public struct PersistedDevice: Sendable, Hashable, Codable {
    /// Settings as in the device's flash.
    public var settings: DeviceSettings
    /// The shadow document (with its version).
    public var shadow: ShadowDocument
    /// When it was saved (real time).
    public var savedAt: Date
    /// The client tokens accepted recently; absent in files written before tokens were kept.
    public var recentRequests: RecentClientRequests?

    /// Creates a snapshot.
    public init(settings: DeviceSettings, shadow: ShadowDocument, savedAt: Date = Date(), recentRequests: RecentClientRequests? = nil) {
        self.settings = settings
        self.shadow = shadow
        self.savedAt = savedAt
        self.recentRequests = recentRequests
    }
}

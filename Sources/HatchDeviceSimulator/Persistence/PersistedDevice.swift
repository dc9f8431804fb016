import Foundation

/// What the state folder keeps per device: its flash (settings), its shadow document, the client
/// tokens it accepted recently and its named shadows.
public struct PersistedDevice: Sendable, Hashable, Codable {
    /// Settings as in the device's flash.
    public var settings: DeviceSettings
    /// The shadow document (with its version).
    public var shadow: ShadowDocument
    /// When it was saved (real time).
    public var savedAt: Date = Date()
    /// The client tokens accepted recently; absent in files written before tokens were kept.
    public var recentRequests: RecentClientRequests? = nil
    /// The thing's named shadows by name (with their client tokens); absent when it has none.
    public var namedShadows: [String: PersistedShadow]? = nil

    /// Creates what the state folder keeps per device.
    public init(
        settings: DeviceSettings,
        shadow: ShadowDocument,
        savedAt: Date = Date(),
        recentRequests: RecentClientRequests? = nil,
        namedShadows: [String: PersistedShadow]? = nil
    ) {
        self.settings = settings
        self.shadow = shadow
        self.savedAt = savedAt
        self.recentRequests = recentRequests
        self.namedShadows = namedShadows
    }
}

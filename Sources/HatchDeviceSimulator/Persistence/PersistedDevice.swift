import Foundation

/// What the state folder keeps per device: its flash (settings) and its shadow document.
public struct PersistedDevice: Sendable, Hashable, Codable {
    /// Settings as in the device's flash.
    public var settings: DeviceSettings
    /// The shadow document (with its version).
    public var shadow: ShadowDocument
    /// When it was saved (real time).
    public var savedAt: Date

    /// Creates a snapshot.
    public init(settings: DeviceSettings, shadow: ShadowDocument, savedAt: Date = Date()) {
        self.settings = settings
        self.shadow = shadow
        self.savedAt = savedAt
    }
}

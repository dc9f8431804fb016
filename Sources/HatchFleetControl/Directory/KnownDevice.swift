import Foundation
import HatchDeviceModel

/// A device found on the broker: its retained registry record and presence record.
package struct KnownDevice: Sendable, Hashable {
    /// What the vendor's cloud knows about the hardware.
    package var registry: RegistryRecord
    /// The retained presence record, when there is one.
    package var presence: PresenceRecord? = nil

    /// Creates a device found on the broker.
    package init(registry: RegistryRecord, presence: PresenceRecord? = nil) {
        self.registry = registry
        self.presence = presence
    }

    /// The name its owner gave it.
    package var name: String { registry.name }
    /// The MAC address that keys it.
    package var macAddress: MacAddress { registry.macAddress }
    /// Its hardware product.
    package var product: HardwareProduct { registry.product }

    /// `Nursery (A4:C1:38:00:11:22, restoreV5)`.
    package var label: String { "\(name) (\(macAddress.rawValue), \(product.rawValue))" }

    /// Whether the presence record says online.
    package var isOnline: Bool { presence?.state == .online }

    /// When the presence record says the current state began, when it says.
    package var presenceSince: Date? { presence?.timestamp.map { Date(timeIntervalSince1970: TimeInterval($0)) } }
}

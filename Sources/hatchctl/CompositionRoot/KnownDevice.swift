import Foundation
import HatchDeviceModel

/// A device found on the broker: its retained registry record and presence record.
struct KnownDevice: Sendable, Hashable {
    /// What the vendor's cloud knows about the hardware.
    var registry: RegistryRecord
    /// The retained presence record, when there is one.
    var presence: PresenceRecord?

    var name: String { registry.name }
    var macAddress: MacAddress { registry.macAddress }
    var product: HardwareProduct { registry.product }

    /// `Nursery (A4:C1:38:00:11:22, restoreV5)`.
    var label: String { "\(name) (\(macAddress.rawValue), \(product.rawValue))" }

    /// Whether the presence record says online.
    var isOnline: Bool { presence?.state == .online }

    /// When the presence record says the current state began, when it says.
    var presenceSince: Date? { presence?.timestamp.map { Date(timeIntervalSince1970: TimeInterval($0)) } }
}

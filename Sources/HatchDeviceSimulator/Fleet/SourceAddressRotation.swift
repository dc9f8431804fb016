import HatchMQTT
import Synchronization

/// Hands out a fleet's source addresses in turn (``FleetConfiguration/sourceAddresses``), one per new
/// device session, so connections spread evenly over them.
final class SourceAddressRotation: Sendable {
    private let addresses: [String]
    private let next = Atomic<Int>(0)

    init(_ addresses: [String]) {
        self.addresses = addresses
    }

    /// `configuration` with the next source address as its bind address (unchanged when there are none).
    func assign(_ configuration: MQTTConfiguration) -> MQTTConfiguration {
        guard !addresses.isEmpty else { return configuration }
        var assigned = configuration
        assigned.bindAddress = addresses[next.add(1, ordering: .relaxed).oldValue % addresses.count]
        return assigned
    }
}

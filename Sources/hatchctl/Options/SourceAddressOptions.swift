import ArgumentParser
import Foundation
import HatchDeviceSimulator
import HatchFleetControl
import HatchMQTT

/// Which local addresses `hatchctl fleet run` connects its devices from. Past about 14,000
/// connections from one address to one broker port, Linux takes 30–160 times longer to find each
/// new connection a local port, so a large fleet against a loopback broker spreads its devices over
/// loopback addresses by itself (``FleetConfiguration/automaticSourceAddresses(devices:brokerHost:shard:)``);
/// a share of the fleet (`--shard I/N`) always uses its own block, `127.0.I.x`, so that shards on
/// one machine do not share ports. `--source-address` names the addresses instead, for a broker elsewhere.
struct SourceAddressOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Connect the devices from this local address, in turn with the others given (repeat it); by default the system chooses, "
            + "and against a 127.x.x.x broker a fleet of more than \(FleetConfiguration.perSourceAddress) devices, or a share of one (--shard I/N), connects from 127.0.<I>.1, .2, ….",
        valueName: "address"))
    var sourceAddress: [String] = []

    func validate() throws {
        for address in sourceAddress {
            guard LocalAddress.isAddressLiteral(address) else {
                throw ValidationError("--source-address takes an IPv4 or IPv6 address of this machine, such as 127.0.1.1 (got '\(address)').")
            }
            guard LocalAddress.isLocal(address) else {
                throw ValidationError("--source-address \(address) is not an address of this machine; give one of its own "
                    + "(any of 127.0.0.0/8 for a broker on loopback; `ip address` lists the others).")
            }
        }
    }

    /// The addresses for `devices` devices of share `shard` against `broker`: the ones given, else
    /// ``FleetConfiguration/automaticSourceAddresses(devices:brokerHost:shard:)``.
    func resolved(devices: Int, broker: MQTTBrokerURL, shard: (index: Int, count: Int)?) -> [String] {
        sourceAddress.isEmpty ? FleetConfiguration.automaticSourceAddresses(devices: devices, brokerHost: broker.host, shard: shard?.index) : sourceAddress
    }
}

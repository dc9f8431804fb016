import Foundation

extension FleetConfiguration {
    /// Loopback source addresses (`127.0.<block>.1`, `127.0.<block>.2`, …) for `connections`
    /// connections to one broker port, ``perSourceAddress`` each: none when one address is enough.
    /// Several fleets or clients on one machine use different blocks, so that connections closed by
    /// one (left in `TIME_WAIT`) or held by another do not take the ports a third needs.
    public static func loopbackSourceAddresses(for connections: Int, block: Int = 1) -> [String] {
        guard connections > perSourceAddress else { return [] }
        return (1...(connections + perSourceAddress - 1) / perSourceAddress).map { "127.0.\(block).\($0)" }
    }

    /// Connections spread over one source address by ``loopbackSourceAddresses(for:block:)``.
    ///
    /// Linux gives outgoing connections ports from `net.ipv4.ip_local_port_range` (32768–60999,
    /// 28,232 ports, by default) and tries one half of them first: odd ports for a socket bound to
    /// an address, even ones for the others. Once that half is taken, every new connection searches
    /// all of it: connecting slows from about 40,000 a second to 250. A bound port a closed
    /// connection left in `TIME_WAIT` stays taken for a minute, so a fleet restarted at once finds
    /// its previous run's ports still held; 5,000 per address leaves room for that twice over.
    public static let perSourceAddress = 5_000

    /// The source addresses a fleet of `devices` devices spreads over by itself when the broker is on
    /// IPv4 loopback (`127.x.x.x`): a loopback block when one address would not do, none otherwise (the
    /// system chooses), and none for a broker elsewhere. Share `shard` of a fleet split over processes
    /// (1-based) always uses its own block, `127.0.<shard>.x`, at least one address, so that shards
    /// on one machine never share a source address: four shards of 4,750 devices from the system's
    /// one address would make 19,000 connections from it.
    public static func automaticSourceAddresses(devices: Int, brokerHost: String, shard: Int? = nil) -> [String] {
        var address = in_addr()
        guard brokerHost.hasPrefix("127."), inet_pton(AF_INET, brokerHost, &address) == 1 else { return [] }
        let block = ((shard ?? 1) - 1) % 254 + 1
        let spread = loopbackSourceAddresses(for: devices, block: block)
        return spread.isEmpty && shard != nil ? ["127.0.\(block).1"] : spread
    }
}

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

    /// The source addresses a fleet of `devices` devices spreads over by itself: a loopback block when
    /// the broker is on IPv4 loopback (`127.x.x.x`) and one address would not do, none otherwise
    /// (the system chooses). Share `shard` of a fleet split over processes (1-based) uses block
    /// `127.0.<shard>.x`, so that shards on one machine never share a source address.
    public static func automaticSourceAddresses(devices: Int, brokerHost: String, shard: Int? = nil) -> [String] {
        var address = in_addr()
        guard brokerHost.hasPrefix("127."), inet_pton(AF_INET, brokerHost, &address) == 1 else { return [] }
        return loopbackSourceAddresses(for: devices, block: ((shard ?? 1) - 1) % 254 + 1)
    }
}

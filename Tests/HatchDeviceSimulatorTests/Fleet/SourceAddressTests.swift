import HatchDeviceSimulator
import Testing

@Suite("Fleet source addresses")
struct SourceAddressTests {
    @Test("one address per 5,000 connections above 5,000; none up to it")
    func loopbackSourceAddresses() {
        #expect(FleetConfiguration.loopbackSourceAddresses(for: 4_000).isEmpty)
        #expect(FleetConfiguration.loopbackSourceAddresses(for: 5_000).isEmpty)
        #expect(FleetConfiguration.loopbackSourceAddresses(for: 5_001) == ["127.0.1.1", "127.0.1.2"])
        #expect(FleetConfiguration.loopbackSourceAddresses(for: 19_000) == (1...4).map { "127.0.1.\($0)" })
        #expect(FleetConfiguration.loopbackSourceAddresses(for: 100_000, block: 2) == (1...20).map { "127.0.2.\($0)" })
    }

    @Test("a fleet spreads by itself only against an IPv4 loopback broker, each shard in its own block")
    func automaticSourceAddresses() {
        #expect(FleetConfiguration.automaticSourceAddresses(devices: 12_000, brokerHost: "127.0.0.1") == ["127.0.1.1", "127.0.1.2", "127.0.1.3"])
        #expect(FleetConfiguration.automaticSourceAddresses(devices: 12_000, brokerHost: "127.0.0.1", shard: 4) == ["127.0.4.1", "127.0.4.2", "127.0.4.3"])
        #expect(FleetConfiguration.automaticSourceAddresses(devices: 6_000, brokerHost: "127.5.6.7", shard: 255) == ["127.0.1.1", "127.0.1.2"])
        #expect(FleetConfiguration.automaticSourceAddresses(devices: 5_000, brokerHost: "127.0.0.1").isEmpty)
        // A share of a fleet uses its own block however small, so shards never share the system's address.
        #expect(FleetConfiguration.automaticSourceAddresses(devices: 4_750, brokerHost: "127.0.0.1", shard: 3) == ["127.0.3.1"])
        // Elsewhere a loopback source address could not reach the broker: the system chooses.
        for host in ["broker.example.com", "10.0.0.5", "::1", "localhost", "127.0.0.1.example.com"] {
            #expect(FleetConfiguration.automaticSourceAddresses(devices: 50_000, brokerHost: host).isEmpty, "\(host)")
            #expect(FleetConfiguration.automaticSourceAddresses(devices: 50, brokerHost: host, shard: 2).isEmpty, "\(host)")
        }
    }
}

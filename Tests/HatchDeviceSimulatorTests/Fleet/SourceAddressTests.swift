import HatchDeviceSimulator
import Testing

@Suite("Fleet source addresses")
struct SourceAddressTests {
    @Test("one address per 20,000 connections above 20,000; none below")
    func loopbackSourceAddresses() {
        #expect(FleetConfiguration.loopbackSourceAddresses(for: 10_000).isEmpty)
        #expect(FleetConfiguration.loopbackSourceAddresses(for: 20_000).isEmpty)
        #expect(FleetConfiguration.loopbackSourceAddresses(for: 20_001) == ["127.0.1.1", "127.0.1.2"])
        #expect(FleetConfiguration.loopbackSourceAddresses(for: 100_000, block: 2) == (1...5).map { "127.0.2.\($0)" })
    }
}

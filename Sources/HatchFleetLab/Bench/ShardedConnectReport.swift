import Foundation

/// What `fleet bench --shards N` measured: the fleet split over N `fleet run` processes on this
/// machine against M private mosquittos, every device online with retained state, and the memory it
/// took, with the scale targets beside them.
package struct ShardedConnectReport: Codable, Sendable {
    package var devices: Int
    package var shards: Int
    package var brokers: Int
    package var speed: Double
    /// The shards' nice value; the brokers run at the bench's own priority.
    package var nice: Int32 = 0
    /// The open-file limit each process may raise itself to: why a fleet this size needs shards here.
    package var descriptorHardLimit = 0
    /// Whether the shards reached their brokers through Unix domain sockets instead of loopback TCP.
    package var unixSockets = false
    /// Local addresses each shard connects from (`127.0.I.x` for shard I); none through Unix sockets.
    package var sourceAddressesPerShard = 0
    package var connected = 0
    /// From launching the first shard until the last shard's last device was online.
    package var connectSeconds = 0.0
    /// Each shard's own connect time, from its fleet's start (after it read the fleet file).
    package var shardConnectSeconds: [Double] = []
    /// Every shard's resident memory added up, with every device online.
    package var fleetResidentMegabytes = 0.0
    package var fleetResidentKilobytesPerDevice = 0.0
    package var shardResidentMegabytes: [Double] = []
    /// Every broker's resident memory added up, with every device connected.
    package var brokerResidentMegabytes = 0.0
    package var brokerResidentMegabytesEach: [Double] = []

    /// A report of `devices` devices in `shards` processes against `brokers` brokers, before any figure.
    package init(devices: Int, shards: Int, brokers: Int, speed: Double) {
        self.devices = devices
        self.shards = shards
        self.brokers = brokers
        self.speed = speed
    }

    /// The connect target for this many devices (``FleetBenchTargets/connectSeconds(devices:)``).
    package var connectTargetSeconds: Double { FleetBenchTargets.connectSeconds(devices: devices) }

    package var table: String {
        func mark(_ ok: Bool) -> String { ok ? "✅" : "❌" }
        func megabytes(_ values: [Double]) -> String { values.map { String(format: "%.0f", $0) }.joined(separator: ", ") }
        let brokerNote = brokers == 1 ? "one private mosquitto"
            : "\(brokers) private mosquittos, at most \((devices + brokers - 1) / brokers) devices each ⚠️ not one broker: a process may open at most \(descriptorHardLimit) files here"
        let paths = unixSockets ? "through Unix sockets"
            : "\(sourceAddressesPerShard) source address\(sourceAddressesPerShard == 1 ? "" : "es") each"
        return """
            | measure | result | target |
            |---|---|---|
            | \(devices) devices in \(shards) `fleet run --shard I/\(shards)` processes (×\(Int(speed)) routines, nice \(nice)), \(brokerNote) | \(connected) online with retained state in \(String(format: "%.2f", connectSeconds)) s \(mark(connected == devices && connectSeconds <= connectTargetSeconds)) | ≤ \(String(format: "%.0f", connectTargetSeconds)) s |
            | each shard's own connect time | \(shardConnectSeconds.map { String(format: "%.1f", $0) }.joined(separator: ", ")) s (\(paths)) | |
            | fleet resident memory, every shard added up | \(String(format: "%.0f", fleetResidentMegabytes)) MB, \(String(format: "%.1f", fleetResidentKilobytesPerDevice)) KB per device (shards: \(megabytes(shardResidentMegabytes)) MB) \(mark(fleetResidentKilobytesPerDevice <= FleetBenchTargets.residentKilobytesPerDevice)) | \(FleetBenchTargets.atMost(FleetBenchTargets.residentKilobytesPerDevice, "KB per device")) |
            | broker resident memory, every device connected | \(String(format: "%.0f", brokerResidentMegabytes)) MB (\(megabytes(brokerResidentMegabytesEach)) MB) | |
            """
    }
}

import Foundation

/// The fleet's performance targets, defined once: `fleet bench` marks its figures against these, and
/// the docs quote them (the README's figures table and FleetPerformance).
package enum FleetBenchTargets {
    /// Longest time, in seconds, for `devices` devices to come online with their retained state:
    /// 30 s for 100,000 devices, proportionally less, and never under 15 s.
    package static func connectSeconds(devices: Int) -> Double { max(15, 30 * Double(devices) / 100_000) }

    /// Most resident memory per device, in KB (the whole process, or every shard added up).
    package static let residentKilobytesPerDevice = 12.0

    /// Least fleet traffic as a share of the raw-connection ceiling: what simulating may cost.
    package static let ceilingShare = 0.8

    /// Most p99 command → reported latency, in milliseconds: a command published to a device's shadow
    /// until the `/update/accepted` of the device's report of it.
    package static let commandToReportedP99Milliseconds = 2.0

    /// How the table shows an upper target: `≤ 2 ms`, `≤ 12 KB per device`.
    static func atMost(_ value: Double, _ unit: String) -> String { "≤ \(String(format: "%g", value)) \(unit)" }
}

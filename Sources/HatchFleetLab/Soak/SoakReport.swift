import Foundation

/// What `hatchctl fleet soak` measured: resident memory of the fleet and the broker at start, after
/// the warm-up and at the end, and the growth after the warm-up.
package struct SoakReport: Codable, Sendable {
    package var devices: Int
    package var minutes: Double
    package var speed: Double
    package var warmUpMinutes: Double
    /// Growth after warm-up, in percent, above which the run is flagged.
    package var thresholdPercent: Double
    package var start: SoakSample?
    package var afterWarmUp: SoakSample?
    package var end: SoakSample?
    /// Fleet growth from the end of warm-up to the end, in megabytes and percent.
    package var fleetGrowthMegabytes: Double?
    package var fleetGrowthPercent: Double?
    /// Broker growth from the end of warm-up to the end, in megabytes and percent.
    package var brokerGrowthMegabytes: Double?
    package var brokerGrowthPercent: Double?
    /// Fleet messages (in + out) over the whole run.
    package var messages: Int = 0
    package var publishFailures: Int = 0
    package var samples: [SoakSample] = []
    /// Why the run is flagged (empty: no growth above the threshold).
    package var flags: [String] = []

    /// A report of a soak of `devices` devices for `minutes` simulated minutes, before any sample.
    package init(devices: Int, minutes: Double, speed: Double, warmUpMinutes: Double, thresholdPercent: Double) {
        self.devices = devices
        self.minutes = minutes
        self.speed = speed
        self.warmUpMinutes = warmUpMinutes
        self.thresholdPercent = thresholdPercent
    }

    package mutating func conclude() {
        guard let base = afterWarmUp, let last = end else {
            flags.append("the run ended before the warm-up did; no growth measured")
            return
        }
        fleetGrowthMegabytes = last.fleetMegabytes - base.fleetMegabytes
        fleetGrowthPercent = base.fleetMegabytes > 0 ? 100 * (last.fleetMegabytes - base.fleetMegabytes) / base.fleetMegabytes : nil
        if let before = base.brokerMegabytes, let after = last.brokerMegabytes {
            brokerGrowthMegabytes = after - before
            brokerGrowthPercent = before > 0 ? 100 * (after - before) / before : nil
        }
        if let growth = fleetGrowthPercent, growth > thresholdPercent {
            flags.append(String(format: "fleet memory grew %.1f%% after warm-up (threshold %.0f%%)", growth, thresholdPercent))
        }
        if let growth = brokerGrowthPercent, growth > thresholdPercent {
            flags.append(String(format: "broker memory grew %.1f%% after warm-up (threshold %.0f%%)", growth, thresholdPercent))
        }
    }

    package var text: String {
        func row(_ name: String, _ sample: SoakSample?) -> String {
            name.padding(toLength: 14, withPad: " ", startingAt: 0) + (sample?.line ?? "–")
        }
        func growth(_ megabytes: Double?, _ percent: Double?) -> String {
            guard let megabytes else { return "–" }
            return String(format: "%+.1f MB (%+.1f%%)", megabytes, percent ?? 0)
        }
        var lines = [
            String(format: "fleet soak: %d devices, %g min at ×%g, warm-up %g min", devices, minutes, speed, warmUpMinutes),
            row("start", start), row("after warm-up", afterWarmUp), row("end", end),
            "growth after warm-up: fleet \(growth(fleetGrowthMegabytes, fleetGrowthPercent)), broker \(growth(brokerGrowthMegabytes, brokerGrowthPercent))",
            "messages \(messages), publish failures \(publishFailures)",
        ]
        lines.append(flags.isEmpty ? String(format: "OK: no growth above %.0f%% after warm-up", thresholdPercent) : "FLAGGED: " + flags.joined(separator: "; "))
        return lines.joined(separator: "\n")
    }
}

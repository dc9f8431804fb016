import Foundation
import HatchDeviceSimulator

/// One object of `fleet run --json`'s status stream on standard output, for scripts: `progress` while
/// devices connect, then `connected`, `status` every second and `stopped`.
package struct FleetStatusLine: Encodable, Sendable {
    package let event: String
    package var connected: Int?
    package var failed: Int?
    package var total: Int?
    package var devices: Int?
    package var online: Int?
    package var messagesPerSecond: Double?
    package var messagesIn: Int?
    package var messagesOut: Int?
    package var faults: Int?
    package var simulatedTime: Date?
    /// Seconds from the start until every device had its first attempt (`connected` only).
    package var connectSeconds: Double?

    /// A `progress` line.
    package init(_ progress: FleetProgress) {
        event = "progress"
        connected = progress.connected
        failed = progress.failed
        total = progress.total
    }

    /// A `connected`, `status` or `stopped` line.
    package init(event: String, status: FleetStatus, seconds: Double? = nil) {
        self.event = event
        devices = status.devices
        online = status.online
        messagesPerSecond = (status.messagesPerSecond * 10).rounded() / 10
        messagesIn = status.messagesIn
        messagesOut = status.messagesOut
        faults = status.faults
        simulatedTime = status.simulatedTime
        connectSeconds = seconds
    }
}

extension FleetProgress {
    /// The terminal's progress line: `connecting [█████·····] 120/400`, and how many failed and are retried.
    package func bar(width: Int = 30) -> String {
        let done = total == 0 ? width : min(width, width * (connected + failed) / total)
        let bar = String(repeating: "█", count: done) + String(repeating: "·", count: width - done)
        return "connecting [\(bar)] \(connected)/\(total)" + (failed > 0 ? " (\(failed) failed, retrying)" : "")
    }
}

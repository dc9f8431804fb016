import Foundation
import HatchMemberwiseInit

/// One memory sample of a soak run.
@MemberwiseInit(.package)
package struct SoakSample: Codable, Sendable {
    /// Real seconds since the fleet was online.
    package var seconds: Double
    /// Resident memory of the fleet (this process), in megabytes.
    package var fleetMegabytes: Double
    /// Resident memory of the broker, in megabytes (nil when it could not be read).
    package var brokerMegabytes: Double? = nil
    /// Devices online.
    package var online: Int
    /// Fleet messages (in + out) per second since the previous sample.
    package var messagesPerSecond: Double

    /// One line of text: time, memory, devices online, message rate.
    package var line: String {
        let broker = brokerMegabytes.map { String(format: "%8.1f", $0) } ?? "       –"
        return String(format: "%7.0f s   fleet %8.1f MB   broker ", seconds, fleetMegabytes) + broker
            + String(format: " MB   %5d online   %7.0f msg/s", online, messagesPerSecond)
    }
}

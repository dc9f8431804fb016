import Foundation
import HatchDeviceModel

/// A snapshot of a running fleet, for the CLI's status line and `hatch/fleet/status`.
public struct FleetStatus: Sendable, Hashable {
    /// Devices in this process.
    public var devices: Int
    /// Devices connected now.
    public var online: Int
    /// Messages received by devices since start.
    public var messagesIn: Int
    /// Messages published by devices since start.
    public var messagesOut: Int
    /// Messages (in + out) per second since the previous ``Fleet/status()`` call.
    public var messagesPerSecond: Double
    /// Faults injected since start.
    public var faults: Int
    /// Failed publishes since start.
    public var publishFailures: Int
    /// The simulated time.
    public var simulatedTime: Date

    /// Creates a snapshot (a fleet makes its own with ``Fleet/status()``).
    public init(devices: Int, online: Int, messagesIn: Int, messagesOut: Int, messagesPerSecond: Double, faults: Int, publishFailures: Int,
                simulatedTime: Date) {
        self.devices = devices
        self.online = online
        self.messagesIn = messagesIn
        self.messagesOut = messagesOut
        self.messagesPerSecond = messagesPerSecond
        self.faults = faults
        self.publishFailures = publishFailures
        self.simulatedTime = simulatedTime
    }

    /// The JSON form published retained on `hatch/fleet/status`.
    public var jsonValue: JSONValue {
        ["devices": .int(devices), "online": .int(online), "messagesIn": .int(messagesIn), "messagesOut": .int(messagesOut),
         "messagesPerSecond": .double((messagesPerSecond * 10).rounded() / 10), "faults": .int(faults),
         "publishFailures": .int(publishFailures), "simulatedTime": .int(Int(simulatedTime.timeIntervalSince1970))]
    }

    /// `42/42 online · 1234 msg/s · 3 faults`.
    public var summary: String {
        "\(online)/\(devices) online · \(Int(messagesPerSecond.rounded())) msg/s · \(faults) faults"
    }
}

import Foundation
import HatchDeviceSimulator
import HatchFleetService
import Testing

/// `fleet run --json`'s status stream, which scripts read, and the terminal's progress line.
@Suite("fleet status lines")
struct FleetStatusLineTests {
    private static func object(_ line: FleetStatusLine) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(line)) as? [String: Any])
    }

    @Test("progress carries its counts only; a status carries the fleet's figures, connected also its seconds")
    func fields() throws {
        let progress = try Self.object(FleetStatusLine(FleetProgress(connected: 7, failed: 1, total: 10)))
        #expect(Set(progress.keys) == ["event", "connected", "failed", "total"])
        #expect(progress["event"] as? String == "progress" && progress["connected"] as? Int == 7)
        let status = FleetStatus(devices: 10, online: 9, messagesIn: 40, messagesOut: 60, messagesPerSecond: 12.345, faults: 2, publishFailures: 0,
                                 simulatedTime: Date(timeIntervalSince1970: 1_772_400_000))
        let connected = try Self.object(FleetStatusLine(event: "connected", status: status, seconds: 1.5))
        #expect(Set(connected.keys) == ["event", "devices", "online", "messagesPerSecond", "messagesIn", "messagesOut", "faults", "simulatedTime",
                                       "connectSeconds"])
        #expect(connected["messagesPerSecond"] as? Double == 12.3 && connected["connectSeconds"] as? Double == 1.5)
        #expect(try Self.object(FleetStatusLine(event: "stopped", status: status))["connectSeconds"] == nil)
    }

    @Test("the progress bar fills with connected and failed devices and says how many are retried")
    func bar() {
        #expect(FleetProgress(connected: 5, failed: 0, total: 10).bar(width: 10) == "connecting [█████·····] 5/10")
        #expect(FleetProgress(connected: 4, failed: 1, total: 10).bar(width: 10) == "connecting [█████·····] 4/10 (1 failed, retrying)")
        #expect(FleetProgress(connected: 0, failed: 0, total: 0).bar(width: 4) == "connecting [████] 0/0")
    }
}

import HatchDeviceSimulator
import HatchMQTT
import HatchServiceSupport

extension BenchProgress {
    /// Starts `fleet` with a progress bar titled `title` (with the seconds so far and the rate when
    /// `timed`); returns the seconds the fleet took until every device connected or failed.
    @discardableResult
    package func start(_ fleet: Fleet, _ title: String, timed: Bool = false) async throws -> Double {
        let started = ContinuousClock.now
        try await fleet.start { self.bar(title, $0.connected + $0.failed, of: $0.total, since: timed ? started : nil) }
        return (ContinuousClock.now - started).seconds
    }
}

import HatchDeviceSimulator
import HatchMQTT
import HatchMosquittoBroker

/// One traffic window of `fleet bench`, counted once the broker has read it: the devices' ticks
/// are held while everything written before is read, the window opens, the devices run for
/// `seconds`, their ticks are held again, and the window closes once the broker has read what the
/// kernel still held for it. `settle` waits for anything else that must catch up at both ends (the
/// shadow service of the split phase) before the broker's queues are read.
package struct BenchTrafficWindow {
    /// When the devices were released, when they were held again, and when the window closed.
    package let start: ContinuousClock.Instant
    package let held: ContinuousClock.Instant
    package let settled: ContinuousClock.Instant
    package let end: ContinuousClock.Instant
    /// Bytes the kernel held for the broker once the devices stopped and `settle` returned.
    package let backlogBytes: Int

    /// The whole window in seconds, from releasing the devices until the broker had read everything.
    package var seconds: Double { (end - start).seconds }
    /// What the kernel held for the broker, in MB.
    package var backlogMegabytes: Double { Double(backlogBytes) / 1_048_576 }

    /// Runs a window on `fleet` and returns it with what `opening` returned: it runs just before the
    /// devices are released, to take the counts and CPU times the window starts from.
    package static func run<Opening>(fleet: Fleet, brokerPort: Int, seconds: Double, settle: () async throws -> Void = {},
                             opening: () async throws -> Opening) async throws -> (window: BenchTrafficWindow, opened: Opening) {
        fleet.holdTicks(true)
        try await settle()
        await BrokerBacklog.drain(port: brokerPort)
        let opened = try await opening()
        let start = ContinuousClock.now
        fleet.holdTicks(false)
        try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
        fleet.holdTicks(true)
        let held = ContinuousClock.now
        try await settle()
        let settled = ContinuousClock.now
        let backlog = BrokerBacklog.bytes(port: brokerPort) ?? 0
        await BrokerBacklog.drain(port: brokerPort)
        return (BenchTrafficWindow(start: start, held: held, settled: settled, end: ContinuousClock.now, backlogBytes: backlog), opened)
    }
}

import Foundation
import HatchDeviceSimulator
import HatchMQTT
import HatchServiceHTTP
import Logging
import ServiceLifecycle
import Synchronization

/// `fleet run`'s main service: connects the fleet, keeps it running until graceful shutdown
/// (SIGTERM, SIGINT) or `--duration`, then stops it cleanly — every device reports
/// `connected: false`, publishes its retained offline presence (reason `shutdown`) and saves its state.
package final class FleetService: Service, Sendable {
    private let fleet: Fleet
    private let brokerURL: String
    private let display: any FleetServiceDisplay
    private let logger: Logger
    private let duration: Double?
    private let startAfter: MetricsServer?
    private let running = Atomic(false)

    /// Creates the service of a fleet that is not started yet. With `startAfter` (the fleet's metrics
    /// server), the fleet connects once that server listens: one that cannot bind cancels the group
    /// before any device connects.
    package init(fleet: Fleet, brokerURL: String, display: any FleetServiceDisplay, logger: Logger, duration: Double?,
                 startAfter: MetricsServer? = nil) {
        self.fleet = fleet
        self.brokerURL = brokerURL
        self.display = display
        self.logger = logger
        self.duration = duration
        self.startAfter = startAfter
    }

    /// Whether every device has had its first connection attempt and the fleet is not stopping.
    package var isRunning: Bool { running.load(ordering: .acquiring) }

    /// Connects the fleet, runs it until it is asked to stop, and stops it; throws
    /// ``FleetServiceError/brokerUnreachable(url:reason:)`` when no device could connect.
    package func run() async throws {
        _ = try await startAfter?.waitUntilListening()
        let started = ContinuousClock.now
        logger.info("connecting \(fleet.devices.count) devices", metadata: ["broker": "\(brokerURL)", "devices": "\(fleet.devices.count)"])
        do {
            try await fleet.start { [display] in display.progress($0) }
        } catch {
            throw FleetServiceError.brokerUnreachable(url: brokerURL, reason: "\(error)")
        }
        let elapsed = (ContinuousClock.now - started).seconds
        let status = fleet.status()
        display.connected(status, after: ContinuousClock.now - started)
        logger.notice("\(status.online)/\(status.devices) devices online in \(String(format: "%.2f", elapsed)) s — Ctrl-C stops the fleet",
                      metadata: ["online": "\(status.online)", "devices": "\(status.devices)", "seconds": "\(String(format: "%.3f", elapsed))"])
        running.store(true, ordering: .releasing)

        let reason = await stopRequest()
        running.store(false, ordering: .releasing)
        display.stopping()
        logger.notice("stopping (\(reason)): devices go offline cleanly, state is saved", metadata: ["reason": "\(reason)"])
        await fleet.stop()
        let final = fleet.status()
        display.stopped(final)
        logger.notice("fleet stopped: \(final.messagesIn) messages in, \(final.messagesOut) out, \(final.faults) faults",
                      metadata: ["messagesIn": "\(final.messagesIn)", "messagesOut": "\(final.messagesOut)", "faults": "\(final.faults)"])
    }

    /// Waits for graceful shutdown (or cancellation), or for `--duration` to pass; says which.
    private func stopRequest() async -> String {
        let duration = self.duration
        return await withTaskGroup(of: String?.self) { group in
            group.addTask {
                do {
                    try await gracefulShutdown()
                    return "shutdown requested"
                } catch {
                    return "cancelled"
                }
            }
            if let duration {
                group.addTask {
                    do {
                        try await Task.sleep(for: .milliseconds(Int(duration * 1000)))
                        return "--duration elapsed"
                    } catch {
                        return nil
                    }
                }
            }
            var reason = "cancelled"
            while let next = await group.next() {
                if let next {
                    reason = next
                    break
                }
            }
            group.cancelAll()
            return reason
        }
    }
}

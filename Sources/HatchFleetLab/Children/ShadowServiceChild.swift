import Foundation
import HatchMQTT
import HatchMosquittoBroker
import HatchServiceHTTP

/// `hatchctl shadow-service` in a child process, as `fleet bench --split` runs it beside the
/// devices: its own process, so the CPU it spends is its own, with its counters read from its
/// Prometheus metrics.
package final class ShadowServiceChild: Sendable {
    /// How the child runs.
    package struct Setup: Sendable {
        /// `mqtt://127.0.0.1:PORT`.
        package var broker: String
        /// Its `HATCH_HOME`, holding its output (`shadow-service.log`) and, when it keeps them, its documents.
        package var workDirectory: URL
        /// The fleet's clock.
        package var clock: ChildClock
        /// Its `--nice` (the fleet's).
        package var nice: Int32
        /// Whether it keeps its documents in a folder (`--state`) or in memory only (`--in-memory`).
        package var keepsDocuments: Bool

        /// Creates the child's setup.
        package init(broker: String, workDirectory: URL, clock: ChildClock, nice: Int32, keepsDocuments: Bool) {
            self.broker = broker
            self.workDirectory = workDirectory
            self.clock = clock
            self.nice = nice
            self.keepsDocuments = keepsDocuments
        }
    }

    /// The child's process id.
    package var processIdentifier: Int32 { process.processIdentifier }
    /// Where its metrics are served.
    package let metricsPort: Int
    /// Its output.
    package let logFile: URL

    private let process = ChildProcess()

    private init(metricsPort: Int, logFile: URL) {
        self.metricsPort = metricsPort
        self.logFile = logFile
    }

    /// Starts the service and waits (at most `timeout`) until it is connected and subscribed.
    package static func launch(_ setup: Setup, timeout: Duration = .seconds(30)) async throws -> ShadowServiceChild {
        let state = setup.workDirectory.appendingPathComponent("shadows", isDirectory: true)
        let child = ShadowServiceChild(metricsPort: try MosquittoBroker.freeLoopbackPort(), logFile: setup.workDirectory.appendingPathComponent("shadow-service.log"))
        try child.process.runHatchctl([
            "shadow-service", "--broker", setup.broker, "--client-id", "hatch-bench-shadow-service",
            "--metrics-port", String(child.metricsPort), "--nice", String(setup.nice), "--log-level", "warning",
        ] + setup.clock.arguments + (setup.keepsDocuments ? ["--state", state.path] : ["--in-memory"]),
           home: setup.workDirectory, output: child.logFile, role: "the shadow service")
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if !child.process.isRunning { throw child.failure("exited with status \(child.process.terminationStatus)") }
            if let samples = try? await child.samples(), samples["hatch_shadow_service_connected"] == 1 { return child }
            try await Task.sleep(for: .milliseconds(50))
        }
        child.stop()
        throw child.failure("did not connect within \(timeout)")
    }

    /// The child's metrics, asking again for up to `patience` while it does not answer (a service
    /// far behind its requests may answer late).
    package func samples(patience: Duration) async throws -> PrometheusSamples {
        let deadline = ContinuousClock.now + patience
        while true {
            do {
                return try await samples()
            } catch {
                if ContinuousClock.now >= deadline || !process.isRunning { throw error }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    /// The child's metrics now.
    package func samples() async throws -> PrometheusSamples {
        try await PrometheusSamples.scrape(port: metricsPort)
    }

    /// SIGTERM (documents saved); SIGKILL after `grace`.
    package func stop(grace: Duration = .seconds(20)) {
        guard process.isRunning else { return }
        process.terminate()
        let end = ContinuousClock.now + grace
        while process.isRunning, ContinuousClock.now < end { usleep(20_000) }
        if process.isRunning {
            process.signal(SIGKILL)
            process.waitUntilExit()
        }
    }

    private func failure(_ what: String) -> FleetLabError {
        ChildProcess.hatchctlFailure("the shadow service", what, log: logFile)
    }
}

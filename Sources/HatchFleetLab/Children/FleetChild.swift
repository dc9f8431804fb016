import Foundation
import HatchMQTT
import HatchMosquittoBroker

/// `hatchctl fleet run` in a child process, so that it can be killed with SIGKILL in the middle of
/// its work (sockets, state files) and started again on the same state folder.
package final class FleetChild: Sendable {
    /// How the child runs.
    package struct Setup: Sendable {
        package var fleetFile: URL
        package var broker: String
        package var stateDirectory: URL
        package var requestLog: URL
        package var speed: Double
        package var keepAlive: Int
        /// Where the child's output goes (appended), and its `HATCH_HOME`.
        package var workDirectory: URL
    }

    private let setup: Setup
    private let process = ChildProcess()

    private init(setup: Setup) {
        self.setup = setup
    }

    /// Starts `hatchctl fleet run` with `setup`.
    package static func launch(_ setup: Setup) throws -> FleetChild {
        let child = FleetChild(setup: setup)
        try child.start()
        return child
    }

    /// The child's process id.
    package var processIdentifier: Int32 { process.processIdentifier }

    private func start() throws {
        try process.runHatchctl([
            "fleet", "run", "--devices", setup.fleetFile.path, "--broker", setup.broker, "--state-dir", setup.stateDirectory.path,
            "--speed", String(setup.speed), "--keep-alive", String(setup.keepAlive), "--request-log", setup.requestLog.path,
        ], home: setup.workDirectory.appendingPathComponent("home"), output: setup.workDirectory.appendingPathComponent("fleet-child.log"),
           role: "the fleet")
    }

    /// Whether it still runs.
    package var isRunning: Bool { process.isRunning }

    /// SIGKILL: no clean goodbye, no last save; the broker publishes every device's last will.
    package func kill() {
        process.signal(SIGKILL)
        process.waitUntilExit()
    }

    /// SIGINT: the fleet stops cleanly (offline presence, state saved); SIGKILL after `grace`.
    package func stop(grace: Duration = .seconds(20)) async {
        await process.stop(with: SIGINT, grace: grace)
    }
}

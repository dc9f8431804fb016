import Foundation
import HatchMQTT
import HatchMosquittoBroker
import HatchServiceHTTP
import HatchServiceSupport

/// One `hatchctl fleet run --shard I/N` of `fleet bench --shards N`: its own process, so it has an
/// open-file limit of its own, with its progress read from its Prometheus metrics and the moment its
/// last device came online from its JSON log.
package final class BenchShardChild: Sendable {
    /// How the child runs.
    package struct Setup: Sendable {
        /// The bench's fleet file, shared by every shard.
        package var fleetFile: URL
        /// Which share, 1-based, of how many.
        package var index: Int
        package var count: Int
        /// `mqtt://127.0.0.1:PORT`.
        package var broker: String
        /// Its `HATCH_HOME`, holding its output (`shard-I.log`).
        package var workDirectory: URL
        /// The clock every shard shares.
        package var clock: ChildClock
        /// Its `--nice` (the bench's).
        package var nice: Int32

        /// Creates the child's setup.
        package init(fleetFile: URL, index: Int, count: Int, broker: String, workDirectory: URL, clock: ChildClock, nice: Int32) {
            self.fleetFile = fleetFile
            self.index = index
            self.count = count
            self.broker = broker
            self.workDirectory = workDirectory
            self.clock = clock
            self.nice = nice
        }
    }

    /// When every device of the shard was online, from its log.
    package struct Online: Sendable {
        /// The wall-clock time of its "devices online" line.
        package var time: Date
        /// The seconds its fleet took to connect, from its own start (after reading the fleet file).
        package var seconds: Double
        /// Its devices online then, of how many.
        package var online: Int
        package var devices: Int

        /// Creates the moment every device of a shard was online.
        package init(time: Date, seconds: Double, online: Int, devices: Int) {
            self.time = time
            self.seconds = seconds
            self.online = online
            self.devices = devices
        }
    }

    package let setup: Setup
    /// Where its metrics are served.
    package let metricsPort: Int
    /// Its output (JSON lines).
    package let logFile: URL

    private let process = ChildProcess()

    private init(setup: Setup, metricsPort: Int) {
        self.setup = setup
        self.metricsPort = metricsPort
        logFile = setup.workDirectory.appendingPathComponent("shard-\(setup.index).log")
    }

    /// Starts the shard; it connects its devices at once.
    package static func launch(_ setup: Setup) throws -> BenchShardChild {
        let child = BenchShardChild(setup: setup, metricsPort: try MosquittoBroker.freeLoopbackPort())
        try child.process.runHatchctl([
            "fleet", "run", "--devices", setup.fleetFile.path, "--shard", "\(setup.index)/\(setup.count)", "--broker", setup.broker,
            "--in-memory", "--metrics-port", String(child.metricsPort), "--nice", String(setup.nice), "--json", "--log-level", "notice",
        ] + setup.clock.arguments, home: setup.workDirectory.appendingPathComponent("home-\(setup.index)"), output: child.logFile, role: "a fleet shard")
        return child
    }

    /// The child's process id.
    package var processIdentifier: Int32 { process.processIdentifier }

    /// Whether it still runs.
    package var isRunning: Bool { process.isRunning }

    /// Its devices online now, from its metrics; `nil` while it does not answer.
    package func online() async -> Int? {
        guard let samples = try? await PrometheusSamples.scrape(port: metricsPort, timeoutSeconds: 2),
              let online = samples["hatch_fleet_devices_online"] else { return nil }
        return Int(online)
    }

    /// When the shard's fleet had made its first attempt to connect every device, once its log says
    /// so (devices that failed it retry, so `online` may be below `devices`).
    package func onlineLine() -> Online? {
        guard let text = try? String(contentsOf: logFile, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.contains("devices online in") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let stamp = object["timestamp"] as? String, let time = LogTimestamp.date(stamp),
                  let metadata = object["metadata"] as? [String: Any], let seconds = (metadata["seconds"] as? String).flatMap(Double.init),
                  let online = (metadata["online"] as? String).flatMap(Int.init),
                  let devices = (metadata["devices"] as? String).flatMap(Int.init)
            else { continue }
            return Online(time: time, seconds: seconds, online: online, devices: devices)
        }
        return nil
    }

    /// SIGINT: its devices go offline cleanly; SIGKILL after `grace`.
    package func stop(grace: Duration = .seconds(30)) async {
        await process.stop(with: SIGINT, grace: grace)
    }

    /// An error naming what went wrong, with the end of the shard's output.
    package func failure(_ what: String) -> FleetLabError {
        ChildProcess.hatchctlFailure("fleet shard \(setup.index)/\(setup.count)", what, log: logFile)
    }
}

import Foundation
import HatchDeviceSimulator
import HatchMQTT
import HatchMosquittoBroker
import HatchServiceSupport

/// `fleet bench --shards N`: the connect phase with the bench's fleet split over N `hatchctl fleet
/// run --shard I/N` processes on this machine, against M private mosquittos, which the shards take
/// in turn. Each process has an open-file limit of its own, so this is how a fleet larger than one
/// process may hold connects on a machine whose limit cannot be raised; it measures the time until
/// every device is online and the memory every process holds then.
package struct ShardedConnectPhase {
    /// What to run.
    package struct Setup: Sendable {
        package var devices: Int
        package var shards: Int
        package var brokers: Int
        package var speed: Double
        /// The shards' `--nice`.
        package var nice: Int32
        /// Whether the shards reach their brokers through Unix domain sockets instead of loopback TCP.
        package var unixSockets: Bool
        /// Where the fleet file, the shards' output and the brokers' files go.
        package var workDirectory: URL

        /// Creates the bench's plan: devices, shards and brokers.
        package init(devices: Int, shards: Int, brokers: Int, speed: Double, nice: Int32, unixSockets: Bool, workDirectory: URL) {
            self.devices = devices
            self.shards = shards
            self.brokers = brokers
            self.speed = speed
            self.nice = nice
            self.unixSockets = unixSockets
            self.workDirectory = workDirectory
        }
    }

    package let setup: Setup
    package let progress: BenchProgress

    /// Creates the `fleet bench --shards N` phase.
    package init(setup: Setup, progress: BenchProgress) {
        self.setup = setup
        self.progress = progress
    }

    /// The most devices one shard runs.
    package var devicesPerShard: Int { (setup.devices + setup.shards - 1) / setup.shards }
    /// The most connections one broker holds.
    package var devicesPerBroker: Int { (setup.shards + setup.brokers - 1) / setup.brokers * devicesPerShard }

    /// Checks that each shard and each broker fits the open-file limit, saying what to change when not.
    package func checkDescriptors() throws {
        let needed = max(devicesPerShard, devicesPerBroker) + 512
        do {
            try FileDescriptorLimit.require(needed)
        } catch {
            let hard = FileDescriptorLimit.current.hard
            throw FleetLabError.tooFewFileDescriptors(
                "each shard needs \(devicesPerShard + 512) open files and each broker \(devicesPerBroker + 512), but a process may open "
                    + "at most \(hard) here (`ulimit -Hn`). Raise the limit, or split further: --shards and --brokers of at least "
                    + "\(Self.processesNeeded(devices: setup.devices, hardLimit: hard)) each.")
        }
    }

    /// The fewest processes that hold `devices` connections, one descriptor each and 512 more, when
    /// each may open at most `hardLimit` files.
    package static func processesNeeded(devices: Int, hardLimit: Int) -> Int {
        let perProcess = max(1, hardLimit - 512)
        return (devices + perProcess - 1) / perProcess
    }

    /// Starts the brokers and the shards, waits until every device is online and stops them all.
    package func measure() async throws -> ShardedConnectReport {
        try checkDescriptors()
        let directory = setup.workDirectory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let fleetFile = directory.appendingPathComponent("bench-fleet.yaml")
        try BenchFleet.yaml(count: setup.devices, name: "bench", loopRoutine: true).write(to: fleetFile, atomically: true, encoding: .utf8)

        var brokers: [MosquittoBroker] = []
        defer { brokers.forEach { $0.stop() } }
        for _ in 0..<setup.brokers {
            brokers.append(try await MosquittoBroker.start(options: .init(
                maxConnections: -1, unixSocket: setup.unixSockets, fileDescriptorLimit: devicesPerBroker + 512)))
        }
        // With --unix-sockets the shards connect through each broker's socket; its TCP port stays open.
        let brokerURLs = brokers.map { $0.unixSocketURL ?? $0.url }
        progress.say("\(setup.brokers) private mosquitto\(setup.brokers == 1 ? "" : "s") at " + brokerURLs.joined(separator: ", "))

        var report = ShardedConnectReport(devices: setup.devices, shards: setup.shards, brokers: setup.brokers, speed: setup.speed)
        report.nice = setup.nice
        report.descriptorHardLimit = FileDescriptorLimit.current.hard
        report.unixSockets = setup.unixSockets
        report.sourceAddressesPerShard = setup.unixSockets ? 0 : max(1, FleetConfiguration.loopbackSourceAddresses(for: devicesPerShard).count)
        let launched = Date()
        let started = ContinuousClock.now
        var children: [BenchShardChild] = []
        do {
            for index in 1...setup.shards {
                children.append(try BenchShardChild.launch(.init(
                    fleetFile: fleetFile, index: index, count: setup.shards, broker: brokerURLs[(index - 1) % brokers.count],
                    workDirectory: directory,
                    clock: ChildClock(speed: setup.speed, startTime: Date(timeIntervalSince1970: FleetBenchReport.simulatedStart), origin: launched),
                    nice: setup.nice)))
            }
            progress.say("\(setup.shards) shards of \(devicesPerShard) devices, "
                + (setup.unixSockets ? "through Unix sockets" : "\(report.sourceAddressesPerShard) source address(es) each") + ", connecting")
            let online = try await waitUntilOnline(children, started: started)
            report.connected = online.map(\.online).reduce(0, +)
            report.connectSeconds = (online.map(\.time).max() ?? launched).timeIntervalSince(launched)
            report.shardConnectSeconds = online.map(\.seconds)
            report.shardResidentMegabytes = children.map { Self.megabytes(ProcessResources.residentMemoryBytes(of: $0.processIdentifier)) }
            report.brokerResidentMegabytesEach = brokers.map { Self.megabytes($0.processIdentifier.flatMap(ProcessResources.residentMemoryBytes(of:))) }
        } catch {
            for child in children { await child.stop() }
            throw error
        }
        report.fleetResidentMegabytes = report.shardResidentMegabytes.reduce(0, +)
        report.fleetResidentKilobytesPerDevice = report.fleetResidentMegabytes * 1024 / Double(setup.devices)
        report.brokerResidentMegabytes = report.brokerResidentMegabytesEach.reduce(0, +)
        progress.say(String(format: "%d/%d online in %.2f s; fleet %.0f MB resident in %d processes (%.1f KB per device), brokers %.0f MB",
                            report.connected, setup.devices, report.connectSeconds, report.fleetResidentMegabytes, setup.shards,
                            report.fleetResidentKilobytesPerDevice, report.brokerResidentMegabytes))
        progress.say("stopping \(setup.shards) shards")
        await withTaskGroup(of: Void.self) { group in
            for child in children { group.addTask { await child.stop() } }
        }
        return report
    }

    /// Polls the shards until each one has every device online (its log's "devices online" line, or its
    /// metrics for devices that connected on a retry), showing their sum; fails when a shard exits or the
    /// fleet is not online within a generous deadline.
    private func waitUntilOnline(_ children: [BenchShardChild], started: ContinuousClock.Instant) async throws -> [BenchShardChild.Online] {
        let deadline = started + .seconds(max(300, 3 * setup.devices / 1000))
        var lastCounts = [Int](repeating: 0, count: children.count)
        var done = [BenchShardChild.Online?](repeating: nil, count: children.count)
        var lastShown = 0
        while true {
            for (index, child) in children.enumerated() where done[index] == nil {
                if !child.isRunning { throw child.failure("exited before its devices were online") }
                guard let line = child.onlineLine() else {
                    if let count = await child.online() { lastCounts[index] = count }
                    continue
                }
                if line.online >= line.devices {
                    done[index] = line
                    lastCounts[index] = line.online
                    continue
                }
                // Devices whose first attempt failed retry: the shard is done once its metrics count them all.
                if let count = await child.online() {
                    lastCounts[index] = count
                    if count >= line.devices {
                        let now = Date()
                        done[index] = .init(time: now, seconds: line.seconds + now.timeIntervalSince(line.time), online: count, devices: line.devices)
                    }
                }
            }
            let total = lastCounts.reduce(0, +)
            progress.bar("connecting", total, of: setup.devices, since: started, previous: lastShown)
            lastShown = total
            if done.allSatisfy({ $0 != nil }) { return done.compactMap { $0 } }
            if ContinuousClock.now > deadline {
                let late = children.indices.filter { done[$0] == nil }.map { "\($0 + 1)" }.joined(separator: ", ")
                throw FleetLabError.notAllOnline("\(total)/\(setup.devices) devices online after \(Int((ContinuousClock.now - started).seconds)) s; "
                    + "shards \(late) still connecting (their output is in \(setup.workDirectory.path))")
            }
            try await Task.sleep(for: .milliseconds(250))
        }
    }

    private static func megabytes(_ bytes: Int?) -> Double {
        Double(bytes ?? 0) / 1_048_576
    }
}

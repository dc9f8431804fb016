import ArgumentParser
import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchFleetLab
import HatchMQTT
import HatchMosquittoBroker
import HatchServiceSupport

/// `hatchctl fleet bench`: the fleet's performance figures on a private mosquitto, with a raw
/// libmosquitto publisher measured against the same broker in the same run as the baseline.
///
/// 1. connect: N devices (own connection and last will each) until all are online with retained state;
///    time and resident memory.
/// 2. traffic: every device loops an accelerated routine (from connect on, as `devices/load-10k.yaml`
///    does); fleet messages per second vs the baseline (one raw libmosquitto publisher) and vs a
///    ceiling (as many raw libmosquitto connections as devices, replaying pre-encoded messages),
///    with the CPU each side and the broker spent per message.
/// 3. with `--split`: the traffic phase again with the devices alone and `hatchctl shadow-service`
///    in a child process, the CPU of each role per accepted request beside the fused phase's.
/// 4. round trip: M devices, commands at a fixed rate; desired → accepted and desired → reported, p50/p99.
struct FleetBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark the fleet: connect N devices, sustained traffic vs raw libmosquitto, command round trip."
    )

    @Option(name: .long, help: "Devices for the connect and traffic phases.")
    var devices = 10_000

    @Option(name: .long, help: "Devices for the round-trip phase.")
    var roundTripDevices = 1_000

    @Option(name: .long, help: "Commands per second in the round-trip phase.")
    var rate = 200

    @Option(name: .long, help: "Real seconds for the traffic and round-trip phases.")
    var seconds: Double = 10

    @Option(name: .long, help: "Clock speed of the traffic fleet (its routine steps are 60 simulated seconds).")
    var speed: Double = 600

    @Option(name: .long, help: ArgumentHelp("Write the JSON report to this file as well.", valueName: "file"))
    var output: String?

    @Flag(name: .long, help: "Print the report as JSON.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Alternate the fleet's and the ceiling's traffic phases this many times (1…20) and report the round with the median fleet / ceiling share: on a shared machine the load moves between phases.", valueName: "n"))
    var rounds = 1

    @Flag(name: .long, help: "Measure the traffic phase again with the roles split: the devices alone (`fleet run --shadow-service external`) and `hatchctl shadow-service` in its own process, with each one's CPU per accepted request beside the fused fleet's.")
    var split = false

    @Flag(name: .long, help: "With --split: the shadow service saves its documents in a folder, as it does by default, instead of keeping them in memory as the bench's fused fleet does.")
    var splitKeepsDocuments = false

    @Option(name: .long, help: ArgumentHelp("Measure only connecting and memory, with the fleet split over this many `hatchctl fleet run --shard I/N` processes (1…64): each has its own open-file limit, for fleets larger than one process may hold here.", valueName: "n"))
    var shards: Int?

    @Option(name: .long, help: ArgumentHelp("With --shards: private mosquittos to spread the shards over (1…shards), which the shards take in turn. One broker needs an open file per device.", valueName: "m"))
    var brokers: Int?

    @OptionGroup var priority: PriorityOptions

    func validate() throws {
        guard devices > 0, roundTripDevices > 0, rate > 0, seconds > 0, speed > 0 else {
            throw ValidationError("--devices, --round-trip-devices, --rate, --seconds and --speed must be greater than 0.")
        }
        if splitKeepsDocuments && !split { throw ValidationError("--split-keeps-documents describes the --split phase; add --split.") }
        guard (1...20).contains(rounds) else { throw ValidationError("--rounds takes 1 to 20 (got \(rounds)).") }
        if let shards {
            guard (1...64).contains(shards) else { throw ValidationError("--shards takes 1 to 64 (got \(shards)).") }
            guard !split && rounds == 1 else {
                throw ValidationError("--shards measures connecting and memory only; leave out --split and --rounds, or --shards.")
            }
            if let brokers, !(1...shards).contains(brokers) {
                throw ValidationError("--brokers takes 1 to --shards (\(shards)) (got \(brokers)): each shard uses one broker.")
            }
        } else if brokers != nil {
            throw ValidationError("--brokers spreads the shards of --shards over brokers; add --shards N.")
        }
    }

    func run() async throws {
        let progress = BenchProgress(quiet: false)
        if let shards {
            try await runSharded(shards: shards, progress: progress)
            return
        }
        // One socket per device (the fleet, then the ceiling's clients, never both at once), and as
        // many in the broker; a few hundred more for everything else.
        let descriptors = max(devices, roundTripDevices) + 512
        do {
            try FileDescriptorLimit.require(descriptors)
        } catch {
            let processes = ShardedConnectPhase.processesNeeded(devices: max(devices, roundTripDevices), hardLimit: FileDescriptorLimit.current.hard)
            throw HatchctlError.invalidArgument("\(error). To measure connecting and memory at this size within the limit, "
                + "split the fleet over processes and brokers: --shards \(processes) --brokers \(processes).")
        }
        let broker = try await MosquittoBroker.start(options: .init(maxConnections: -1, fileDescriptorLimit: descriptors))
        defer { broker.stop() }
        let url = try MQTTBrokerURL(broker.url)
        progress.say("private mosquitto at \(broker.url)")

        var report = FleetBenchReport(devices: devices, roundTripDevices: roundTripDevices, rate: rate, seconds: seconds, speed: speed)
        // After the broker started (it keeps its own priority), before any phase: the fleet, the
        // baseline and the ceiling all run at the same priority.
        report.nice = priority.apply()
        report.brokerNice = broker.processIdentifier.flatMap(SchedulingPriority.nice(of:)) ?? 0
        progress.say("simulator at nice \(report.nice), broker at \(report.brokerNice)")
        var measuredRounds: [FleetBenchReport.Round] = []
        for round in 1...rounds {
            if rounds > 1 { progress.say("round \(round) of \(rounds)") }
            // The first round's connect and memory figures are the report's (a fresh process); every
            // round measures the fleet's traffic and then the ceiling's.
            var measured = report
            try await measureConnectAndTraffic(url: url, broker: broker, report: &measured, progress: progress)
            if round == 1 {
                report = measured
                try measureBaseline(port: broker.port, brokerProcess: broker.processIdentifier, report: &report, progress: progress)
            }
            measureCeiling(port: broker.port, brokerProcess: broker.processIdentifier, report: &measured, progress: progress)
            measured.assessPhases()
            if let warning = measured.incomparablePhasesWarning { progress.say("warning: \(warning)") }
            measuredRounds.append(FleetBenchReport.Round(measured))
            if rounds > 1 { progress.say(String(format: "round %d: fleet / ceiling %.0f %%", round, measured.ceilingShare * 100)) }
            // The broker closes the ceiling's connections before the next round's devices connect.
            if round < rounds { _ = await ProcessCPUTime.settle(broker.processIdentifier) }
        }
        report.adoptMedianRound(of: measuredRounds)
        if split {
            _ = await ProcessCPUTime.settle(broker.processIdentifier)
            let phase = SplitRolesPhase(setup: .init(url: url, broker: broker, devices: devices, seconds: seconds, speed: speed, nice: report.nice,
                                                       serviceKeepsDocuments: splitKeepsDocuments),
                                        progress: progress)
            report.split = try await phase.measure(fused: report)
        }
        let settled = await ProcessCPUTime.settle(broker.processIdentifier)
        progress.say(String(format: "broker settled after the ceiling's connections closed (%.1f s)", settled))
        try await measureRoundTrip(url: url, report: &report, progress: progress)

        try write(report, table: report.table)
    }

    /// `--shards`: connecting and memory with the fleet in `shards` processes.
    private func runSharded(shards: Int, progress: BenchProgress) async throws {
        let nice = priority.nice > 0 ? priority.nice : SchedulingPriority.current
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-bench-shards-\(getpid())", isDirectory: true)
        let phase = ShardedConnectPhase(setup: .init(devices: devices, shards: shards, brokers: brokers ?? 1, speed: speed, nice: nice,
                                                     workDirectory: directory), progress: progress)
        let report = try await phase.measure()
        try? FileManager.default.removeItem(at: directory)
        try write(report, table: report.table)
    }

    /// The report as JSON (`--json`) or a table on standard output, and as JSON in `--output`.
    private func write<Report: Encodable>(_ report: Report, table: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(report)
        if let output { try data.write(to: URL(fileURLWithPath: output), options: .atomic) }
        if json {
            Console.write(String(decoding: data, as: UTF8.self) + "\n", to: .standardOutput)
        } else {
            Console.write(table + "\n", to: .standardOutput)
        }
    }

    /// One plain libmosquitto client publishing messages of the fleet's average size as fast as it can.
    private func measureBaseline(port: Int, brokerProcess: Int32?, report: inout FleetBenchReport, progress: BenchProgress) throws {
        progress.say("baseline: raw libmosquitto publisher for \(seconds) s")
        let baselineCPU = ProcessCPUTime.Window(brokerProcess: brokerProcess)
        let baseline = try RawPublisherBaseline.run(host: "127.0.0.1", port: port, seconds: seconds, payloadSize: report.averagePayloadBytes)
        report.baselineMessagesPerSecond = Double(baseline.messages) / baseline.seconds
        (report.baselineCPUMicrosecondsPerMessage, report.baselineBrokerCPUMicrosecondsPerMessage) = baselineCPU.perMessage(baseline.messages)
    }

    /// As many raw libmosquitto connections as devices replaying pre-encoded messages of the fleet's
    /// average size, and the fleet's traffic as a share of theirs.
    private func measureCeiling(port: Int, brokerProcess: Int32?, report: inout FleetBenchReport, progress: BenchProgress) {
        progress.say("ceiling: \(devices) raw libmosquitto connections replaying pre-encoded messages for \(seconds) s")
        let raw = RawConnectionsBaseline.run(host: "127.0.0.1", port: port, connections: devices, seconds: seconds,
                                             payloadSize: report.averagePayloadBytes,
                                             sourceAddresses: FleetConfiguration.loopbackSourceAddresses(for: devices, block: 2),
                                             brokerProcess: brokerProcess) {
            progress.bar("connecting raw clients", $0, of: devices)
        }
        report.rawConnections = raw.connected
        if let failure = raw.failure { progress.say("ceiling: \(failure); measuring with \(raw.connected) connections") }
        report.rawConnectionsMessagesPerSecond = raw.seconds > 0 ? Double(raw.messages) / raw.seconds : 0
        (report.rawConnectionsCPUMicrosecondsPerMessage, report.rawConnectionsBrokerCPUMicrosecondsPerMessage) = raw.cpu
        report.rawConnectionsBacklogMegabytes = Double(raw.backlogBytes) / 1_048_576
        report.rawConnectionsDrainSeconds = raw.drainSeconds
        progress.say(String(format: "ceiling: %.0f msg/s; %.0f MB waited for the broker when publishing stopped, read in %.2f s",
                            report.rawConnectionsMessagesPerSecond, report.rawConnectionsBacklogMegabytes, raw.drainSeconds))
        report.ceilingShare = report.rawConnectionsMessagesPerSecond > 0 ? report.fleetMessagesPerSecond / report.rawConnectionsMessagesPerSecond : 0
    }

    private func measureConnectAndTraffic(url: MQTTBrokerURL, broker: MosquittoBroker, report: inout FleetBenchReport,
                                          progress: BenchProgress) async throws {
        let residentBefore = ProcessResources.residentMemoryBytes
        let clock = SimulationClock(mode: .accelerated(speed: speed), startTime: Date(timeIntervalSince1970: FleetBenchReport.simulatedStart))
        var configuration = FleetConfiguration(
            definition: try BenchFleet.definition(count: devices, name: "bench", loopRoutine: true), broker: url, clock: clock,
            connectConcurrency: 512, tickInterval: .milliseconds(50), controlTopics: false)
        configuration.sourceAddresses = FleetConfiguration.loopbackSourceAddresses(for: devices, block: 1)
        let fleet = try Fleet(configuration: configuration)
        let started = ContinuousClock.now
        try await fleet.start { progress.bar("connecting", $0.connected + $0.failed, of: $0.total, since: started) }
        report.connectSeconds = (ContinuousClock.now - started).seconds
        report.connected = fleet.status().online
        let resident = ProcessResources.residentMemoryBytes
        report.residentMegabytes = Double(resident) / 1_048_576
        report.residentBytesPerDevice = max(0, resident - residentBefore) / max(1, devices)
        report.residentMegabytesBeforeFleet = Double(residentBefore) / 1_048_576
        report.residentKilobytesPerDevice = Double(resident) / 1024 / Double(devices)
        report.brokerResidentMegabytes = broker.processIdentifier.flatMap(ProcessResources.residentMemoryBytes(of:)).map { Double($0) / 1_048_576 } ?? 0
        report.retainedMessagesAtConnect = fleet.statistics.messagesOut
        progress.say(String(format: "%d/%d online in %.2f s; fleet %.0f MB resident (%.1f KB per device), broker %.0f MB", report.connected, devices,
                            report.connectSeconds, report.residentMegabytes, report.residentKilobytesPerDevice, report.brokerResidentMegabytes))

        try await Task.sleep(for: .seconds(1))
        progress.say("traffic: every device loops its routine at ×\(Int(speed)) for \(seconds) s")
        let statistics = fleet.statistics
        let (window, before) = try await BenchTrafficWindow.run(fleet: fleet, brokerPort: broker.port, seconds: seconds) {
            (out: statistics.messagesOut, accepted: statistics.published.count(.accepted), bytes: statistics.bytesOut.load(ordering: .relaxed),
             cpu: ProcessCPUTime.Window(brokerProcess: broker.processIdentifier))
        }
        let elapsed = window.seconds
        let messages = statistics.messagesOut - before.out
        (report.fleetCPUMicrosecondsPerMessage, report.fleetBrokerCPUMicrosecondsPerMessage) = before.cpu.perMessage(messages)
        report.fleetMessagesPerSecond = Double(messages) / elapsed
        report.fleetAcceptedPerSecond = Double(statistics.published.count(.accepted) - before.accepted) / elapsed
        report.fleetBacklogMegabytes = window.backlogMegabytes
        report.fleetDrainSeconds = (window.end - window.held).seconds
        report.publishFailures = statistics.publishFailures.load(ordering: .relaxed)
        report.averagePayloadBytes = (statistics.bytesOut.load(ordering: .relaxed) - before.bytes) / max(1, messages)
        progress.say(String(format: "fleet: %.0f msg/s (average payload %d B); %.0f MB waited for the broker when the devices stopped, read in %.2f s",
                            report.fleetMessagesPerSecond, report.averagePayloadBytes, report.fleetBacklogMegabytes, report.fleetDrainSeconds))
        progress.say("stopping \(devices) devices")
        await fleet.stop()
    }

    private func measureRoundTrip(url: MQTTBrokerURL, report: inout FleetBenchReport, progress: BenchProgress) async throws {
        let fleet = try Fleet(configuration: FleetConfiguration(
            definition: try BenchFleet.definition(count: roundTripDevices, name: "bench-rtt", macPrefix: "02:4D:00"), broker: url,
            clock: SimulationClock(mode: .realTime), connectConcurrency: 256, controlTopics: false))
        try await fleet.start { progress.bar("connecting round-trip fleet", $0.connected + $0.failed, of: $0.total) }
        progress.say("round trip: \(rate) commands/s to \(roundTripDevices) devices for \(seconds) s")
        let result = try await CommandRoundTrip.measure(
            broker: url, things: fleet.devices.map(\.thingName), rate: rate, seconds: seconds)
        report.roundTrip = result
        await fleet.stop()
    }
}

import ArgumentParser
import Foundation
import HatchFleetLab
import HatchMQTT
import HatchServiceSupport

/// `hatchctl fleet bench`: the fleet's performance figures on a private mosquitto (``FleetBench``'s
/// phases), or with `--shards` connecting and memory with the fleet in several processes.
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

    @Flag(name: .long, help: "With --shards: the shards reach their brokers through Unix domain sockets instead of loopback TCP (no TCP stack, no local ports).")
    var unixSockets = false

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
        } else if unixSockets {
            throw ValidationError("--unix-sockets connects the shards of --shards to their brokers; add --shards N.")
        }
    }

    func run() async throws {
        let progress = BenchProgress(quiet: false)
        if let shards {
            try await runSharded(shards: shards, progress: progress)
            return
        }
        var bench = FleetBench(plan: FleetBenchReport(devices: devices, roundTripDevices: roundTripDevices, rate: rate, seconds: seconds, speed: speed),
                               progress: progress)
        (bench.rounds, bench.split, bench.splitKeepsDocuments) = (rounds, split, splitKeepsDocuments)
        let report = try await bench.run { priority.apply() }
        try write(report, table: report.table)
    }

    /// `--shards`: connecting and memory with the fleet in `shards` processes.
    private func runSharded(shards: Int, progress: BenchProgress) async throws {
        let nice = priority.nice > 0 ? priority.nice : SchedulingPriority.current
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-bench-shards-\(getpid())", isDirectory: true)
        let phase = ShardedConnectPhase(setup: .init(devices: devices, shards: shards, brokers: brokers ?? 1, speed: speed, nice: nice,
                                                     unixSockets: unixSockets, workDirectory: directory), progress: progress)
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
}

import ArgumentParser
import Dispatch
import Foundation
import HatchFleetControl
import HatchFleetLab
import HatchMosquittoBroker
import HatchScenarioFile
import HatchScenarios

/// `hatchctl scenario run FILE`: runs a scenario on the fleet it describes (or on devices it did not
/// start), prints a line per stage and the expectations, and writes the JUnit, HTML and JSON reports.
struct ScenarioRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a scenario file and decide its expectations.",
        discussion: """
            By default the scenario's own fleet runs in this process (or, with `fleet.shards`, in that many \
            `hatchctl fleet run --shard I/N` processes) on a private mosquitto. With --devices (on \
            --broker, else on the broker `hatchctl fleet run` recorded) it drives devices it did not start (real \
            hardware, or `hatchctl fleet run` elsewhere): \
            simulator-only steps (clock changes, faults, broker actions) and metrics are then reported not \
            applicable (JUnit skipped), and a scenario whose essential stages are all not applicable is not \
            passed. Ctrl-C stops cleanly, writes the reports marked interrupted and exits 130.
            """
    )

    @Argument(help: ArgumentHelp("The scenario file (YAML).", valueName: "file"))
    var file: String

    @Option(name: .long, help: ArgumentHelp("Write a JUnit XML report: one test case per expectation.", valueName: "file"))
    var junit: String?

    @Option(name: .long, help: ArgumentHelp("Write a self-contained HTML report with charts.", valueName: "file.html"))
    var report: String?

    @Flag(name: .long, help: "Print the result as JSON (the figures of the HTML report).")
    var json = false

    @Option(name: .long, help: "The seed of every random choice (overrides the file's).")
    var seed: UInt64?

    @OptionGroup var broker: BrokerOptions<ControllerLogin>

    @Option(name: .long, help: ArgumentHelp("A fleet file naming devices the engine did not start; the scenario drives them instead of its own fleet.", valueName: "file"))
    var devices: String?

    @Option(name: .long, help: ArgumentHelp("Run at this share of the file's size (0…1]: generated devices, command rates and real durations.", valueName: "factor"))
    var scale: Double = 1

    @Option(name: .long, help: ArgumentHelp("Run the simulated clock this many times faster than the file says (tolerances grow with it).", valueName: "factor"))
    var speedFactor: Double = 1

    @OptionGroup var dashboard: DashboardOptions

    func validate() throws {
        guard scale > 0, scale <= 1 else { throw ValidationError("--scale takes a share greater than 0 and at most 1 (got \(scale)).") }
        guard speedFactor >= 1, speedFactor <= 100 else { throw ValidationError("--speed-factor takes 1…100 (got \(speedFactor)).") }
        if broker.broker != nil || broker.credentials != nil, devices == nil {
            throw ValidationError("--broker and --credentials need --devices: a fleet file naming the devices on that broker.")
        }
    }

    func run() async throws {
        let console = Console(json: json)
        let plan = try ScenarioFileLoading.plan(file, seed: seed, devicesFile: devices, scale: scale, speedFactor: speedFactor, console: console)
        var target = ScenarioTargetChoice.simulated
        if devices != nil {
            // Devices the engine did not start: on --broker, else on the broker `hatchctl fleet run` recorded.
            do {
                let configuration = try broker.resolvedConnection().configuration(clientID: "hatchctl-scenario")
                target = .external(broker: configuration.broker, credentials: configuration.credentials, tls: configuration.tls)
            } catch let error as FleetControlError {
                console.report(error)
                throw ExitCode(error.exitStatus)
            }
        }
        let interactive = isatty(STDERR_FILENO) == 1
        let started = ContinuousClock.now
        let live = ScenarioLivePage(options: dashboard)
        let engine = ScenarioEngine(plan: plan, options: .init(
            target: target,
            progress: { line in
                let elapsed = String(format: "%6.1f", (ContinuousClock.now - started).seconds)
                Console.write((interactive ? "\r\u{1B}[2K" : "") + "scenario \(elapsed)s: " + line + "\n", to: .standardError)
            },
            status: { live.update($0) },
            targetStarted: { await live.start($0) },
            shardLauncher: ChildProcess.hatchctlExecutable.map { ShardLauncher(executable: $0) }))
        let task = Task { await engine.run() }
        let signals = ScenarioInterruption.cancelOnSignal(task)
        let result = await task.value
        signals.forEach { $0.cancel() }
        try writeReports(result)
        await live.stop()
        console.emit(result) { ScenarioTextReport.text(result) }
        if result.exitStatus != 0 { throw ExitCode(result.exitStatus) }
    }

    private func writeReports(_ result: ScenarioResult) throws {
        func write(_ data: Data, to path: String, what: String) {
            do {
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
                Console.write("\(what): \(path)\n", to: .standardError)
            } catch {
                Console.write("error: could not write the \(what) to \(path): \(error.localizedDescription)\n", to: .standardError)
            }
        }
        if let junit { write(Data(ScenarioJUnitReport.xml(result).utf8), to: junit, what: "JUnit report") }
        if let report { write(Data(ScenarioHTMLReport.html(result).utf8), to: report, what: "HTML report") }
    }
}

/// Turns SIGINT and SIGTERM into the cancellation of the scenario's task, which stops it cleanly.
enum ScenarioInterruption {
    static func cancelOnSignal<Value>(_ task: Task<Value, Never>) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                Console.write("\ninterrupted: stopping the clients, the fleet and the broker\n", to: .standardError)
                task.cancel()
            }
            source.resume()
            return source
        }
    }
}

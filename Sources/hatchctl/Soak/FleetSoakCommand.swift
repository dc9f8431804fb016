import ArgumentParser
import Foundation
import HatchScenarioFile
import HatchScenarios

/// `hatchctl fleet soak`: the shipped soak scenario (`scenarios/soak.yaml`) with its size, length and
/// memory threshold from the command line — the same engine as `hatchctl scenario run`.
struct FleetSoakCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Run the soak scenario: a fleet for a long time, its resident memory flat once warmed up.",
        discussion: """
            Runs scenarios/soak.yaml (`hatchctl scenario run` runs it, too) with --devices, --minutes and --threshold \
            in place of the file's. The first fifth of the run is the warm-up; exits with status 1 when the memory \
            grows by more than --threshold after it, or another expectation of the file fails.
            """
    )

    @Option(name: .long, help: "Devices of the generated fleet (the file's product mix).")
    var devices = 2000

    @Option(name: .long, help: "Real minutes to run.")
    var minutes: Double = 30

    @Option(name: .long, help: ArgumentHelp("Memory growth after the warm-up, in percent, that fails the run.", valueName: "percent"))
    var threshold: Double = 10

    @Option(name: .long, help: ArgumentHelp("Write the HTML report with its memory chart.", valueName: "file.html"))
    var report: String?

    @OptionGroup var lab: LabRunOptions

    func validate() throws {
        guard devices > 0, minutes > 0, threshold > 0 else {
            throw ValidationError("--devices, --minutes and --threshold must be greater than 0.")
        }
    }

    func run() async throws {
        let console = Console(json: lab.json)
        var scenario: Scenario
        do {
            scenario = try ShippedScenario.soak.read()
        } catch {
            Console.write("error: \(error.description)\n", to: .standardError)
            throw ExitCode(64)
        }
        scenario.clock.speed = lab.speed
        for index in scenario.stages.indices { scenario.stages[index].length = .real(seconds: minutes * 60) }
        scenario.expectations = scenario.expectations.map { expectation in
            var expectation = expectation
            if expectation.metric == .memoryGrowth { expectation.bound = threshold / 100 }
            return expectation
        }
        if case .generated(let groups) = scenario.fleet.devices { scenario.fleet.devices = .generated(Self.resize(groups, to: devices)) }
        let plan: ScenarioPlan
        do {
            plan = try ScenarioPlanner.plan(scenario, baseDirectory: ShippedScenario.folder)
        } catch {
            Console.write("error: \(error.description)\n", to: .standardError)
            throw ExitCode(64)
        }
        let started = ContinuousClock.now
        let engine = ScenarioEngine(plan: plan, options: .init(progress: { line in
            Console.write("soak \(String(format: "%6.1f", (ContinuousClock.now - started).seconds))s: \(line)\n", to: .standardError)
        }, sampleInterval: .seconds(min(10, max(1, minutes * 60 / 200)))))
        let task = Task { await engine.run() }
        let signals = ScenarioInterruption.cancelOnSignal(task)
        let result = await task.value
        signals.forEach { $0.cancel() }
        if let report {
            try? Data(ScenarioHTMLReport.html(result).utf8).write(to: URL(fileURLWithPath: report), options: .atomic)
        }
        console.emit(result) { ScenarioTextReport.text(result) }
        if result.exitStatus != 0 { throw ExitCode(result.exitStatus) }
    }

    /// `groups` holding `total` devices in all, in the proportions the file gives them (largest remainders
    /// first), each group at least one device while there are devices to give.
    static func resize(_ groups: [DeviceGroup], to total: Int) -> [DeviceGroup] {
        let fileTotal = max(1, groups.reduce(0) { $0 + $1.count })
        let shares = groups.map { Double($0.count) * Double(total) / Double(fileTotal) }
        var counts = shares.map { Int($0) }
        let order = shares.indices.sorted { shares[$0] - Double(counts[$0]) > shares[$1] - Double(counts[$1]) }
        for index in order.prefix(total - counts.reduce(0, +)) { counts[index] += 1 }
        return zip(groups, counts).compactMap { group, count in
            guard count > 0 else { return nil }
            var group = group
            group.count = count
            return group
        }
    }
}

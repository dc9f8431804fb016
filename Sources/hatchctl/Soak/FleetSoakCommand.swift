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
        let shortcut = SoakShortcut(devices: devices, minutes: minutes, growthPercent: threshold, speed: lab.speed)
        let (result, _) = try await ScenarioShortcutRun.run(shortcut.scenario, label: "soak", report: report,
                                                            sampleInterval: .seconds(min(10, max(1, minutes * 60 / 200))))
        Console(json: lab.json).emit(result) { ScenarioTextReport.text(result) }
        if result.exitStatus != 0 { throw ExitCode(result.exitStatus) }
    }
}

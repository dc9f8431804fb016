import ArgumentParser
import Foundation
import HatchScenarioFile
import HatchScenarios

/// `hatchctl scenario check FILE`: validates a scenario file and its fleet without running anything.
struct ScenarioCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a scenario file without running it.",
        discussion: "Reads the file, its fleet and every stage as `scenario run` would, and prints the plan. Exit status 64 names the file, line and field at fault."
    )

    @Argument(help: ArgumentHelp("The scenario file (YAML).", valueName: "file"))
    var file: String

    @Option(name: .long, help: ArgumentHelp("A fleet file of devices the scenario would run against instead of its own fleet.", valueName: "file"))
    var devices: String?

    @Flag(name: .long, help: "Print the plan as JSON.")
    var json = false

    func run() async throws {
        let console = Console(json: json)
        let plan = try ScenarioFileLoading.plan(file, seed: nil, devicesFile: devices, console: console)
        console.emit(ScenarioPlanSummary(plan)) { ScenarioPlanSummary(plan).text }
    }
}

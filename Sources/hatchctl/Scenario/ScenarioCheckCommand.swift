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

/// What `scenario check` prints: the fleet, the clock and each stage's actions and expectations.
struct ScenarioPlanSummary: Encodable {
    struct Stage: Encodable {
        let name: String
        let length: String
        let actions: [String]
        let expectations: [String]
    }

    let scenario: String
    let file: String
    let devices: Int
    let seed: UInt64
    let clockStart: String?
    let speed: Double
    let stages: [Stage]
    let expectations: [String]

    init(_ plan: ScenarioPlan) {
        scenario = plan.scenario.name
        file = plan.scenario.file
        devices = plan.deviceCount
        seed = plan.seed
        clockStart = plan.scenario.clock.startText
        speed = plan.scenario.clock.speed
        stages = plan.stages.map { planned in
            Stage(name: planned.stage.name, length: Self.describe(planned.stage.length), actions: planned.actions.map(\.label),
                  expectations: planned.stage.expectations.map(\.threshold))
        }
        expectations = plan.scenario.expectations.map(\.threshold)
    }

    static func describe(_ length: StageLength) -> String {
        switch length {
        case .simulated(let seconds): "\(String(format: "%g", seconds)) simulated s"
        case .real(let seconds): "\(String(format: "%g", seconds)) real s"
        case .until(let condition, let timeout): "until \(condition.rawValue) (at most \(String(format: "%g", timeout)) real s)"
        }
    }

    var text: String {
        var lines = ["\(file): valid — \(scenario), \(devices) devices, seed \(seed), clock \(clockStart ?? "now") ×\(String(format: "%g", speed))"]
        for (index, stage) in stages.enumerated() {
            lines.append("  \(index + 1). \(stage.name) (\(stage.length))")
            for action in stage.actions { lines.append("       \(action)") }
            for expectation in stage.expectations { lines.append("       expect \(expectation)") }
        }
        for expectation in expectations { lines.append("  expect \(expectation)") }
        return lines.joined(separator: "\n")
    }
}

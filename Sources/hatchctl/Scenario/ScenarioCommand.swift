import ArgumentParser

/// `hatchctl scenario`: fleet experiments written as scenario files.
struct ScenarioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "Run or check a scenario file: stages on simulated time, faults and expectations.",
        discussion: """
            A scenario file (YAML) describes a fleet, a clock, stages in order and the expectations that decide \
            the verdict; the scenarios folder holds ready ones. Exit status: 0 every expectation holds, 1 one \
            failed (or every essential stage was not applicable), 64 the file is not valid, 130 interrupted.
            """,
        subcommands: [ScenarioRunCommand.self, ScenarioCheckCommand.self]
    )
}

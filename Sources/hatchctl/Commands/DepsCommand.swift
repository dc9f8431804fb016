import ArgumentParser

/// `hatchctl deps check|graph`: the dependency analyzer on this project.
struct DepsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deps",
        abstract: "Check this project's dependency requirements, or draw its container graph.",
        subcommands: [DepsCheckCommand.self, DepsGraphCommand.self]
    )
}

import ArgumentParser

/// `dependency-analyzer`: checks every `@DependencyRequirements` module's requirements statically.
@main
struct DependencyAnalyzerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dependency-analyzer",
        abstract: "Check every @DependencyRequirements module's requirements from Swift sources, without compiling.",
        subcommands: [AnalyzeCommand.self, GraphCommand.self, GenerateMonorepoCommand.self],
        defaultSubcommand: AnalyzeCommand.self
    )
}

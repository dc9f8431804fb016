import ArgumentParser
import Foundation
import HatchFleetControl

/// `hatchctl deps graph [PATH] [--format dot|mermaid]`: the build-child graph on standard output, as
/// `dependency-analyzer graph` prints it.
struct DepsGraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the container graph (dot: render with `dot -Tsvg`; or mermaid)."
    )

    @Argument(help: "The package folder (default: the nearest folder upwards holding Package.swift).")
    var path: String?

    @Option(help: "dot or mermaid.")
    var format: GraphFormat = .dot

    /// The graph formats, as command-line values (the analyzer's own).
    enum GraphFormat: String, ExpressibleByArgument, CaseIterable {
        case dot, mermaid
    }

    func run() async throws {
        try await Console(json: false).run {
            let root = try ProjectAnalysis.packageRoot(path)
            let run = try await DependencyAnalyzerTool.run(["graph", root, "--format", format.rawValue])
            guard run.status == 0 else { throw DependencyAnalyzerTool.failure(of: run, root: root) }
            Console.write(run.standardOutput, to: .standardOutput)
        }
    }
}

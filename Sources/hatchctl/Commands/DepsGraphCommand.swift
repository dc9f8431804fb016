import ArgumentParser
import DependencyGraphAnalyzer

/// `hatchctl deps graph [PATH] [--format dot|mermaid]`: the build-child graph on standard output.
struct DepsGraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the container graph (dot: render with `dot -Tsvg`; or mermaid)."
    )

    @Argument(help: "The package folder (default: the nearest folder upwards holding Package.swift).")
    var path: String?

    @Option(help: "dot or mermaid.")
    var format: GraphFormat = .dot

    /// The graph formats, as command-line values.
    enum GraphFormat: String, ExpressibleByArgument, CaseIterable {
        case dot, mermaid

        var rendererFormat: GraphRenderer.Format { self == .dot ? .dot : .mermaid }
    }

    func run() async throws {
        try await Console(json: false).run {
            let report = try ProjectAnalysis.run(path: path, useCache: true)
            Console.write(GraphRenderer.render(report.graph, as: format.rendererFormat), to: .standardOutput)
        }
    }
}

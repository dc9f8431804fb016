import ArgumentParser
import DependencyGraphAnalyzer
import Foundation

/// `dependency-analyzer graph [path] [--format dot|mermaid] [--no-cache]`: only the build-child graph, on
/// standard output, whatever the verdicts (status 0), or status 2 when the analysis cannot run at all.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the build-child graph of a package (dot: render with `dot -Tsvg`; or mermaid)."
    )

    @Argument(help: "The package folder.")
    var path: String = "."

    @Option(help: "dot or mermaid.")
    var format: GraphRenderer.Format = .dot

    @Flag(name: .customLong("no-cache"), help: "Ignore the cache: read and parse every file, and do not write the cache.")
    var noCache = false

    func run() throws {
        let root = AnalyzeCommand.absolute(path)
        let report: AnalysisReport
        do {
            report = try DependencyAnalyzer(options: .init(path: root, mode: .package, useCache: !noCache)).run().report
        } catch {
            AnalyzeCommand.printError("error: \(error.description)")
            throw ExitCode(2)
        }
        print(GraphRenderer.render(report.graph, as: format), terminator: "")
    }
}
